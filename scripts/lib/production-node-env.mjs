// React (and other packages) choose their development build at load time unless
// process.env.NODE_ENV is 'production'. Vite leaves process.env alone in a server
// build, react-dom/server stays an external import, and AWS Lambda (Netlify
// Functions) starts with NODE_ENV unset: the on-demand pages would render with
// React's development build, several times slower. This plugin makes the server
// entry's first import a module that sets NODE_ENV to 'production' when unset, so it
// runs before the renderers load React. (scripts/lib/serve.mjs sets it for the local
// server too, before it loads the entry.)

const ENV_MODULE = 'production-node-env.mjs';
const ENV_SOURCE = `// Written by scripts/lib/production-node-env.mjs: imported first by the server entry.
process.env.NODE_ENV ??= 'production';
`;
/** The server entry Astro writes (dist/server/entry.mjs, .netlify/build/entry.mjs). */
const SERVER_ENTRY = 'entry.mjs';

/** @returns {import('vite').Plugin} */
export function productionNodeEnv() {
  let serverBuild = false;
  return {
    name: 'shelfmark:production-node-env',
    apply: 'build',
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (!serverBuild) return;
      const entry = bundle[SERVER_ENTRY];
      if (!entry || entry.type !== 'chunk') return;
      // Imports are evaluated in order, so this one runs before the renderers import React.
      entry.code = `import './${ENV_MODULE}';\n${entry.code}`;
      this.emitFile({ type: 'asset', fileName: ENV_MODULE, source: ENV_SOURCE });
    },
  };
}
