// The built server, as the host runs it: AWS Lambda (Netlify Functions) starts with
// NODE_ENV unset, and React picks its development build unless NODE_ENV says
// production. The server entry sets it before anything loads React
// (scripts/lib/production-node-env.mjs). The e2e run serves this very build (dist/).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '../helpers/fixtures';

test('the built server renders with React’s production build even when NODE_ENV is unset', () => {
  const env = { ...process.env };
  delete env.NODE_ENV;
  const loaded = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `
        import { createRequire } from 'node:module';
        await import(${JSON.stringify(join(process.cwd(), 'dist/server/entry.mjs'))});
        const cache = createRequire(import.meta.url).cache;
        // Node lists a CommonJS module it only parsed for its exports too: keep the ones that ran.
        const ran = Object.entries(cache).filter(([, module]) => module?.loaded).map(([file]) => file);
        console.log(JSON.stringify(ran.filter((file) => /[\\/]react(-dom)?[\\/]cjs[\\/]/.test(file))));
      `,
    ],
    { env, encoding: 'utf8' },
  );
  const files = JSON.parse(loaded.trim().split('\n').at(-1) ?? '[]') as string[];
  expect(files.some((file) => /react-dom-server\.node\.production\.js$/.test(file))).toBe(true);
  expect(files.filter((file) => /development\.js$/.test(file))).toEqual([]);
});
