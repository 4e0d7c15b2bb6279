// Starts function workers and loads every callable's code in them before the browser
// tests need it. The emulator stops the idle workers whenever it reloads (it does after
// the seed, which pauses the triggers), so without this the first click on each kind of
// save in a run waits for a cold worker: seconds alone, over 20 s on two cores busy with
// Chromium. (Workers serve any function: scripts/lib/functions-worker-preload.cjs.) A
// call with no data and no sign-in is refused by every callable before it reads or
// writes anything, so warming changes nothing.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** How many calls run at once, and so how many workers start: the browser tests' two pages and the triggers they cause. */
const CONCURRENCY = 4;

/**
 * The names of the callables the functions bundle exports, read in a child process
 * (loading the bundle starts the Admin SDK, which this process should not hold).
 */
export async function callableNames(root) {
  const bundle = join(root, 'functions', 'lib', 'index.js');
  const script = `
    const exported = require(${JSON.stringify(bundle)});
    const names = Object.entries(exported)
      .filter(([, fn]) => { try { return Boolean(fn?.__endpoint?.callableTrigger); } catch { return false; } })
      .map(([name]) => name);
    console.log(JSON.stringify(names));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], {
    env: { ...process.env, GCLOUD_PROJECT: process.env.GCLOUD_PROJECT ?? 'demo-project' },
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]');
}

/**
 * Calls each callable once without data or sign-in, `CONCURRENCY` at a time, and
 * returns how many answered (any HTTP answer means a worker is up).
 */
export async function warmCallables({ root, projectId, port, region = 'us-central1' }) {
  const names = await callableNames(root);
  const queue = [...names];
  let answered = 0;
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      try {
        await fetch(`http://127.0.0.1:${port}/${projectId}/${region}/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: null }),
          signal: AbortSignal.timeout(120_000),
        });
        answered += 1;
      } catch {
        // A callable that did not answer warms on its first real call, as before.
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { answered, total: names.length };
}
