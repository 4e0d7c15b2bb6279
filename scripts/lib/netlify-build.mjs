// The Netlify build (what Netlify runs, DEPLOY_TARGET=netlify standing in for its
// NETLIFY=true) that tests/e2e/platform/netlify-build.spec.ts checks. `npm test` makes it while
// the functions tests run: they wait on triggers and leave most of a core idle, while
// inside the end-to-end layer every core is busy with browsers, where the build took
// 34 s of one worker and slowed the other. The e2e test then reads the result; run on
// its own (no result named), it builds by itself.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './processes.mjs';

/** How long the build may take before it is stopped and reported as failed. */
const BUILD_TIMEOUT_MS = 300_000;

/**
 * Builds the Netlify output into `outDir` and writes `{ code, outDir, seconds, output }`
 * (the output's tail) to `resultFile`; resolves with the exit code. The adapter writes
 * its server function to `.netlify/` in the checkout, which is cleared first so nothing
 * left from an earlier build can pass the test.
 */
export async function buildForNetlify({ root, env, outDir, resultFile }) {
  rmSync(join(root, '.netlify'), { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
  const started = Date.now();
  const child = run(join(root, 'node_modules', '.bin', 'astro'), ['build', '--outDir', outDir], {
    cwd: root,
    env: { ...env, DEPLOY_TARGET: 'netlify' },
    quiet: true,
    // Only what the functions tests leave idle (scripts/lib/processes.mjs).
    background: true,
    name: 'netlify-build',
  });
  // The e2e test gave its own build 300 s; a build that hangs must not hold the run.
  // The child leads its own process group (processes.mjs): stop the group, workers too.
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }, BUILD_TIMEOUT_MS);
  const code = await new Promise((resolve, reject) => {
    child.on('error', reject);
    // 'close', not 'exit': the output's last chunks have arrived by then.
    child.on('close', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  }).finally(() => clearTimeout(timer));
  const seconds = (Date.now() - started) / 1000;
  const stopped = seconds * 1000 >= BUILD_TIMEOUT_MS ? `\nstopped after ${BUILD_TIMEOUT_MS / 1000} s` : '';
  writeFileSync(
    resultFile,
    JSON.stringify({ code, outDir, seconds, output: child.output.slice(-8000) + stopped }),
  );
  return code;
}
