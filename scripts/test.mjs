// `npm test`: every test. Unit tests first (no emulators, fast failure), then the
// Firebase emulators run the rules, functions and end-to-end layers in one session.
// Prints one closing line 'N passed, N failed' summed over all layers.
import './lib/node-version.mjs';
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { emulatorEnv, PROJECT_ID, ROOT } from './emulator-env.mjs';
import { runToEnd } from './lib/processes.mjs';
import { stage } from './lib/stage.mjs';
import { readSummaries } from './lib/test-summary.mjs';

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
  let failed = false;

  if (LAYERS.has('unit')) {
    stage('Unit tests');
    failed ||=
      (await runToEnd(
        bin('vitest'),
        [
          'run',
          '--project',
          'unit',
          '--project',
          'unit-mocks',
          // Nothing else runs yet, so every core (vitest leaves one free by default): 14 s
          // instead of 17 s on two cores.
          `--maxWorkers=${availableParallelism()}`,
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${join(RESULTS, 'unit.json')}`,
        ],
        { cwd: ROOT },
      )) !== 0;
  }
  if (!['rules', 'functions', 'e2e'].some((layer) => LAYERS.has(layer))) return finish(failed);

  stage('Building Cloud Functions');
  const built = (await runToEnd(process.execPath, ['scripts/build-functions.mjs'], { cwd: ROOT })) === 0;
  if (!built) failed = true;
  else {
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
    failed ||= code !== 0;
  }
  finish(failed);
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
