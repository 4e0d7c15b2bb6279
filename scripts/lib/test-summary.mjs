// Reads the JSON reports that vitest and Playwright write into test-results/ and
// sums them, so `npm test` can print one closing line for the whole pyramid.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const LAYERS = [
  ['unit', 'unit.json', 'vitest', ['unit']],
  ['rules', 'rules.json', 'vitest', ['rules']],
  ['functions', 'functions.json', 'vitest', ['functions']],
  ['e2e', 'e2e.json', 'playwright', ['e2e']],
];

/**
 * Per-layer counts and their totals; a missing report of a layer that was meant
 * to run (`ran`, the TEST_LAYERS names) counts as one failure.
 */
export function readSummaries(dir, ran = new Set(['unit', 'rules', 'functions', 'e2e'])) {
  let passed = 0;
  let failed = 0;
  const lines = [];
  for (const [name, file, kind, layers] of LAYERS) {
    if (!layers.some((layer) => ran.has(layer))) continue;
    const path = join(dir, file);
    if (!existsSync(path)) {
      failed += 1;
      lines.push(`${name.padEnd(18)} no report (the layer did not run or crashed)`);
      continue;
    }
    const report = JSON.parse(readFileSync(path, 'utf8'));
    const counts = kind === 'vitest' ? vitestCounts(report) : playwrightCounts(report);
    passed += counts.passed;
    failed += counts.failed;
    const took = counts.seconds === null ? '' : ` in ${formatSeconds(counts.seconds)}`;
    lines.push(
      `${name.padEnd(18)} ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}${counts.flaky ? `, ${counts.flaky} passed on a retry` : ''}${took}`,
    );
    // Named here, at the end of the output, where a CI log's tail shows them.
    for (const title of counts.failedTitles.slice(0, 20)) lines.push(`  ✗ ${title}`);
  }
  return { passed, failed, lines };
}

/** '1 min 29 s' or '42 s': how long a layer ran, for the summary lines. */
export function formatSeconds(seconds) {
  const whole = Math.round(seconds);
  return whole >= 60 ? `${Math.floor(whole / 60)} min ${whole % 60} s` : `${whole} s`;
}

/** A vitest report's wall time: from its start to the last file's end (null when unknown). */
function vitestSeconds(report) {
  const ends = (report.testResults ?? []).map((f) => f.endTime).filter((t) => typeof t === 'number');
  if (typeof report.startTime !== 'number' || ends.length === 0) return null;
  return (Math.max(...ends) - report.startTime) / 1000;
}

function vitestCounts(report) {
  const failedTitles = [];
  for (const file of report.testResults ?? []) {
    const rel = String(file.name ?? '').replace(/^.*?(tests\/)/, '$1');
    const failures = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (file.status === 'failed' && failures.length === 0)
      failedTitles.push(`${rel}: ${String(file.message ?? 'failed to load').split('\n')[0]}`);
    for (const t of failures) failedTitles.push(`${rel} › ${t.fullName ?? t.title}`);
  }
  return {
    failedTitles,
    passed: report.numPassedTests ?? 0,
    // A file that fails to load has no failed test but is a failure all the same.
    failed:
      (report.numFailedTests ?? 0) +
      (report.testResults ?? []).filter(
        (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
      ).length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    seconds: vitestSeconds(report),
  };
}

function playwrightCounts(report) {
  const s = report.stats ?? {};
  const failedTitles = [];
  // Suites nest: a file's suite, then describe blocks; specs hold one test per project.
  const walk = (suite, path) => {
    const here = suite.title === suite.file ? path : [...path, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected')
          failedTitles.push(
            `${spec.file ?? suite.file} › ${[...here, spec.title].join(' › ')} [${test.projectName}]`,
          );
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) failedTitles.push(String(error.message ?? error).split('\n')[0]);
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + (report.errors?.length ?? 0),
    skipped: s.skipped ?? 0,
    flaky: s.flaky ?? 0,
    seconds: typeof s.duration === 'number' ? s.duration / 1000 : null,
    failedTitles,
  };
}
