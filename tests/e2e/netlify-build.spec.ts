// The build Netlify makes (Netlify sets NETLIFY=true; DEPLOY_TARGET=netlify stands in for
// it here), built against the same emulators as the e2e site: it must still produce the
// server function that renders member pages on demand, the static pages' `_headers` with
// their Content-Security-Policy, and a server entry that runs on the project's Node with
// React's production build even though AWS Lambda starts with NODE_ENV unset.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUIRED_NODE_MAJOR } from '../../scripts/lib/node-version.mjs';
import { expect, test } from './fixtures';

test('the Netlify build has its server function and _headers, and its entry renders with React’s production build', () => {
  // A second production build on two busy cores.
  test.setTimeout(300_000);
  const outDir = mkdtempSync(join(tmpdir(), 'shelfmark-netlify-'));
  try {
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
    rmSync(outDir, { recursive: true, force: true });
  }
});
