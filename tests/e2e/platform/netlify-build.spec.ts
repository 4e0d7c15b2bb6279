// The build Netlify makes (Netlify sets NETLIFY=true; DEPLOY_TARGET=netlify stands in for
// it here), on the same emulators as the e2e site (npm test makes it beforehand, while the
// functions tests run, from an empty project: the output's shape is what counts here, and
// no data changes it; run alone, this test builds it itself): it must still produce the
// server function that renders member pages on demand, the static pages' `_headers` with
// their Content-Security-Policy, and a server entry that runs on the project's Node with
// React's production build even though AWS Lambda starts with NODE_ENV unset.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUIRED_NODE_MAJOR } from '../../../scripts/lib/node-version.mjs';
import { expect, test } from '../helpers/fixtures';

/** What `npm test` left when it made the Netlify build beforehand (scripts/lib/netlify-build.mjs). */
interface PrebuiltResult {
  code: number;
  outDir: string;
  output: string;
}

test('the Netlify build has its server function and _headers, and its entry renders with React’s production build', () => {
  // Built here only when npm test did not build it already: a second production build on two busy cores.
  test.setTimeout(300_000);
  const prebuilt = process.env.NETLIFY_BUILD_RESULT
    ? (JSON.parse(readFileSync(process.env.NETLIFY_BUILD_RESULT, 'utf8')) as PrebuiltResult)
    : undefined;
  const outDir = prebuilt?.outDir ?? mkdtempSync(join(tmpdir(), 'shelfmark-netlify-'));
  try {
    if (prebuilt) expect(prebuilt.code, `the Netlify build failed:\n${prebuilt.output}`).toBe(0);
    else
      execFileSync(join(process.cwd(), 'node_modules', '.bin', 'astro'), ['build', '--outDir', outDir], {
        env: { ...process.env, DEPLOY_TARGET: 'netlify' },
        stdio: 'pipe',
        maxBuffer: 64 * 1024 * 1024,
      });

    const functionDir = join(process.cwd(), '.netlify', 'v1', 'functions', 'ssr');
    expect(existsSync(functionDir), 'the ssr server function').toBe(true);
    expect(readdirSync(functionDir).some((file) => file.endsWith('.mjs'))).toBe(true);

    const headers = readFileSync(join(outDir, '_headers'), 'utf8');
    expect(headers).toContain('Content-Security-Policy:');
    expect(headers).toContain('Strict-Transport-Security:');

    const env = { ...process.env };
    delete env.NODE_ENV;
    const entry = join(process.cwd(), '.netlify', 'build', 'entry.mjs');
    const loaded = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
          import { createRequire } from 'node:module';
          await import(${JSON.stringify(entry)});
          const cache = createRequire(import.meta.url).cache;
          // Node lists a CommonJS module it only parsed for its exports too: keep the ones that ran.
          const ran = Object.entries(cache).filter(([, module]) => module?.loaded).map(([file]) => file);
          console.log(JSON.stringify({
            node: process.versions.node,
            react: ran.filter((file) => /[\\\\/]react(-dom)?[\\\\/]cjs[\\\\/]/.test(file)),
          }));
        `,
      ],
      { env, encoding: 'utf8' },
    );
    const { node, react } = JSON.parse(loaded.trim().split('\n').at(-1) ?? '{}') as {
      node: string;
      react: string[];
    };
    expect(Number(node.split('.')[0])).toBe(REQUIRED_NODE_MAJOR);
    expect(react.some((file) => /react-dom-server\.node\.production\.js$/.test(file))).toBe(true);
    expect(react.filter((file) => /development\.js$/.test(file))).toEqual([]);
  } finally {
    if (!prebuilt) rmSync(outDir, { recursive: true, force: true });
  }
});
