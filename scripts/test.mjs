// `npm test`: every test. The Firebase emulators run the rules, functions and
// end-to-end layers in one session; the unit tests (no emulators) run beside it, once
// the rules tests have left the CPU to the functions tests, which mostly wait on
// triggers. Prints one closing line 'N passed, N failed' summed over all layers.
import './lib/node-version.mjs';
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { emulatorEnv, PROJECT_ID, ROOT } from './emulator-env.mjs';
import { runToEnd } from './lib/processes.mjs';
import { stage } from './lib/stage.mjs';
import { readSummaries, RULES_DONE_MARKER } from './lib/test-summary.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const RESULTS = join(ROOT, 'test-results');
/**
 * TEST_LAYERS=unit,rules,functions,e2e (any subset) runs only those layers while
 * working on one part; unset, every layer runs (what CI and the README mean).
 * E2E_ARGS passes extra arguments to Playwright (a spec file, --grep …).
 */
const LAYERS = new Set(
  (process.env.TEST_LAYERS ?? 'unit,rules,functions,e2e').split(',').map((s) => s.trim()),
);

async function main() {
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  const emulatorLayers = ['rules', 'functions', 'e2e'].filter((layer) => LAYERS.has(layer));
  if (emulatorLayers.length === 0)
    return finish(LAYERS.has('unit') && !(await unitLayer({ quietUntilDone: false })));

  let sessionEnded = false;
  const session = emulatorSession().finally(() => {
    sessionEnded = true;
  });
  // The unit layer waits for the rules tests to end (they keep both cores busy), or for
  // the session, if it runs no rules tests or ends first.
  const unit = LAYERS.has('unit')
    ? (async () => {
        if (LAYERS.has('rules')) {
          while (!sessionEnded && !existsSync(join(RESULTS, RULES_DONE_MARKER))) await sleep(500);
        }
        return unitLayer({ quietUntilDone: !sessionEnded });
      })()
    : Promise.resolve(true);
  const [sessionPassed, unitPassed] = await Promise.all([session, unit]);
  finish(!sessionPassed || !unitPassed);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the unit layer on every core it is given; returns whether it passed. Beside the
 * emulator session its report waits in test-results/unit.log and is printed whole at
 * its end, so the two layers' reports do not interleave.
 */
async function unitLayer({ quietUntilDone }) {
  stage('Unit tests');
  const logFile = join(RESULTS, 'unit.log');
  const code = await runToEnd(
    bin('vitest'),
    [
      'run',
      '--project',
      'unit',
      '--project',
      'unit-mocks',
      // Every core: alone, 14 s instead of 17 s on two cores; beside the functions
      // tests, what they leave idle.
      `--maxWorkers=${availableParallelism()}`,
      // At the lowest priority a test waits for the CPU while the functions tests are
      // busy: 30 s, not 5, before a test counts as hung.
      ...(quietUntilDone ? ['--testTimeout=30000', '--hookTimeout=30000'] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(RESULTS, 'unit.json')}`,
    ],
    // Beside the functions tests, at the lowest priority: it takes only what they leave idle.
    { cwd: ROOT, ...(quietUntilDone ? { outputFile: logFile, background: true } : {}) },
  );
  if (quietUntilDone && existsSync(logFile)) {
    stage('Unit tests ended');
    process.stdout.write(readFileSync(logFile, 'utf8'));
  }
  return code === 0;
}

/** Builds the functions and runs the emulator layers in one session; returns whether all passed. */
async function emulatorSession() {
  stage('Building Cloud Functions');
  const built = (await runToEnd(process.execPath, ['scripts/build-functions.mjs'], { cwd: ROOT })) === 0;
  if (!built) return false;
  stage('Rules, functions and end-to-end tests on the Firebase emulators');
  const code = await runFiltered(
    bin('firebase'),
    [
      'emulators:exec',
      '--project',
      PROJECT_ID,
      '--only',
      'auth,firestore,functions',
      `"${process.execPath}" --import tsx scripts/test-with-emulators.mjs`,
    ],
    // The functions emulator inherits this environment: its functions remove
    // uploads from the same test media folder the site and tests use.
    { cwd: ROOT, env: emulatorEnv({ ...process.env, MEDIA_DIR: join(RESULTS, 'media') }) },
  );
  return code === 0;
}

/** Prints every layer's summary and the closing line CI reads, then exits. */
function finish(failed) {
  const { passed, failed: failedCount, lines } = readSummaries(RESULTS, LAYERS);
  console.log('');
  stage('Finished');
  console.log(lines.join('\n'));
  // The closing line CI reads. A layer that crashed before reporting still fails the run.
  console.log(`${passed} passed, ${failedCount} failed`);
  process.exit(failed || failedCount > 0 || passed === 0 ? 1 : 0);
}

/**
 * Runs a command, printing its output except the functions emulator's per-call log
 * lines (hundreds per run, which bury the test reports); those go to
 * test-results/emulators.log in full.
 */
function runFiltered(command, args, options) {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(join(RESULTS, 'emulators.log'));
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const noisy = /^(> {2}|i {2}functions: |\s*\(node:\d+\) MetadataLookupWarning)/;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        log.write(`${line}\n`);
        if (!noisy.test(line)) process.stdout.write(`${line}\n`);
      });
    }
    child.on('error', reject);
    child.on('exit', (code) => log.end(() => resolve(code ?? 1)));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
