// `npm test`: every test. Unit tests first (no emulators, fast failure), then the
// Firebase emulators run the rules, functions and end-to-end layers in one session.
// Prints one closing line 'N passed, N failed' summed over all layers.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorEnv, PROJECT_ID, ROOT } from './emulator-env.mjs';
import { runToEnd } from './lib/processes.mjs';
import { readSummaries } from './lib/test-summary.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const RESULTS = join(ROOT, 'test-results');

async function main() {
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  let failed = false;

  console.log('▸ Unit tests');
  failed ||= (await runToEnd(bin('vitest'), ['run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${join(RESULTS, 'unit.json')}`], { cwd: ROOT })) !== 0;

  console.log('▸ Building Cloud Functions');
  const built = (await runToEnd(process.execPath, ['scripts/build-functions.mjs'], { cwd: ROOT })) === 0;
  if (!built) failed = true;
  else {
    console.log('▸ Rules, functions and end-to-end tests on the Firebase emulators');
    const code = await runToEnd(
      bin('firebase'),
      ['emulators:exec', '--project', PROJECT_ID, '--only', 'auth,firestore,functions', `"${process.execPath}" --import tsx scripts/test-with-emulators.mjs`],
      { cwd: ROOT, env: emulatorEnv() },
    );
    failed ||= code !== 0;
  }

  const { passed, failed: failedCount, lines } = readSummaries(RESULTS);
  console.log(`\n${lines.join('\n')}`);
  // The closing line CI reads. A layer that crashed before reporting still fails the run.
  console.log(`${passed} passed, ${failedCount} failed`);
  process.exit(failed || failedCount > 0 || passed === 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
