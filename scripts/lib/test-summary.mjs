// Reads the JSON reports that vitest and Playwright write into test-results/ and
// sums them, so `npm test` can print one closing line for the whole pyramid.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const LAYERS = [
  ['unit', 'unit.json', 'vitest', ['unit']],
  ['rules + functions', 'emulator.json', 'vitest', ['rules', 'functions']],
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
    lines.push(`${name.padEnd(18)} ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
  }
  return { passed, failed, lines };
}

function vitestCounts(report) {
  return {
    passed: report.numPassedTests ?? 0,
    // A file that fails to load has no failed test but is a failure all the same.
    failed: (report.numFailedTests ?? 0) + (report.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function playwrightCounts(report) {
  const s = report.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: (s.unexpected ?? 0) + (report.errors?.length ?? 0), skipped: s.skipped ?? 0 };
}
