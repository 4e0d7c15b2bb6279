// `npm run bench`: the page benchmark of issue 4. Builds the Cloud Functions, then
// runs scripts/bench/inner.mjs inside one `firebase emulators:exec` session: demo
// data, a production build, the site served with READ_METER=1, Lighthouse on each
// page, JavaScript bytes and Firestore reads per view. Results land in
// bench-results/bench.{json,md}; docs/benchmarks.md explains the columns.
//
// Environment (all optional):
//   BENCH_FIREBASE_CONFIG  emulator config file (default firebase.json), e.g. a
//                          firebase.<name>.local.json with other ports
//   BENCH_PORT             port for the site under test (default 4331, so it does
//                          not collide with `npm start` on 4321 or e2e on 4329)
//   BENCH_RUNS             Lighthouse runs per page, the median is reported (default 3)
//   BENCH_EXTRA_MEMBERS    members added for the directory's second data size (default 500)
import '../lib/node-version.mjs';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { emulatorEnv, PROJECT_ID, ROOT } from '../emulator-env.mjs';
import { isOpen, run, runToEnd, stopAll } from '../lib/processes.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

/** Every function invocation logs two or three lines (triggers fire on each seeded or added document): not worth printing. */
const FUNCTION_CHATTER =
  /^(i {2}functions: (Beginning execution|Finished "|Loaded environment variables)|> {2})/;

/**
 * A tally of the functions emulator's log: invocations begun and finished, per
 * function, when the last one began or ended, and the Firestore reads and writes the
 * functions reported (functions/src/shared/op-meter.ts, on with FIRESTORE_OP_METER=1). Written to
 * bench-results/function-log.json (at most every 100 ms) for the invocations step
 * (invocations.mjs), which runs inside the emulators and cannot see their log.
 */
function functionTally() {
  const tally = { begun: 0, finished: 0, reads: 0, writes: 0, last_at: Date.now(), by_function: {} };
  const file = join(ROOT, 'bench-results', 'function-log.json');
  mkdirSync(dirname(file), { recursive: true });
  let timer;
  const save = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      writeFileSync(`${file}.tmp`, JSON.stringify(tally));
      renameSync(`${file}.tmp`, file);
    }, 100);
  };
  save();
  return (line) => {
    const begun = /functions: Beginning execution of "([^"]+)"/.exec(line);
    const ops = /\[op-meter\] reads=(\d+) writes=(\d+)/.exec(line);
    if (ops) {
      tally.reads += Number(ops[1]);
      tally.writes += Number(ops[2]);
    } else if (begun) {
      tally.begun += 1;
      tally.by_function[begun[1]] = (tally.by_function[begun[1]] ?? 0) + 1;
    } else if (/functions: Finished "/.test(line)) tally.finished += 1;
    else return;
    tally.last_at = Date.now();
    save();
  };
}

/** Runs `command`, printing its output without the functions' per-invocation chatter; resolves with the exit code. */
function runFiltered(command, args, options) {
  const count = functionTally();
  return new Promise((resolve, reject) => {
    const child = run(command, args, { ...options, quiet: true });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let pending = '';
      stream.on('data', (chunk) => {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          count(line);
          if (!FUNCTION_CHATTER.test(line)) out.write(`${line}\n`);
        }
      });
      stream.on('end', () => pending && !FUNCTION_CHATTER.test(pending) && out.write(`${pending}\n`));
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const configFile = process.env.BENCH_FIREBASE_CONFIG ?? 'firebase.json';
  const configPath = join(ROOT, configFile);
  if (!existsSync(configPath)) throw new Error(`BENCH_FIREBASE_CONFIG: ${configFile} not found in ${ROOT}`);
  const emulators = JSON.parse(readFileSync(configPath, 'utf8')).emulators ?? {};
  const sitePort = Number(process.env.BENCH_PORT ?? 4331);

  // A busy port would make firebase-tools or the site fail halfway; say which one up front.
  const ports = {
    site: sitePort,
    auth: emulators.auth?.port,
    firestore: emulators.firestore?.port,
    functions: emulators.functions?.port,
  };
  for (const [name, port] of Object.entries(ports)) {
    if (port && (await isOpen(port)))
      throw new Error(
        `Port ${port} (${name}) is already in use; set BENCH_PORT or BENCH_FIREBASE_CONFIG to use others.`,
      );
  }

  console.log('▸ Building Cloud Functions');
  if ((await runToEnd(process.execPath, ['scripts/build-functions.mjs'], { cwd: ROOT })) !== 0) return 1;

  console.log(`▸ Emulators (${configFile}) and the benchmark`);
  return runFiltered(
    bin('firebase'),
    [
      'emulators:exec',
      '--config',
      configFile,
      '--project',
      PROJECT_ID,
      '--only',
      'auth,firestore,functions',
      `"${process.execPath}" --expose-gc --import tsx scripts/bench/inner.mjs`,
    ],
    // FIRESTORE_OP_METER: the functions report their Firestore reads and writes (functions/src/shared/op-meter.ts).
    { cwd: ROOT, env: { ...emulatorEnv(), BENCH_PORT: String(sitePort), FIRESTORE_OP_METER: '1' } },
  );
}

// Children are detached: a Ctrl-C reaches only us, so pass it on (firebase-tools then stops the emulators).
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
