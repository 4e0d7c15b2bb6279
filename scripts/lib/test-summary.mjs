// Reads the JSON reports that vitest and Playwright write into test-results/ and
// sums them, so `npm test` can print one closing line for the whole pyramid.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The file the emulator session writes into test-results/ when the rules tests have
 * ended: npm test then starts the unit layer beside the functions tests.
 */
export const RULES_DONE_MARKER = 'rules-done';

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
    // Named here, at the end of the output, where a CI log's tail shows them, each
    // with the start of its error: a CI log keeps only its tail, and a failure seen
    // once must be diagnosable from that.
    for (const { title, reason } of counts.failures.slice(0, 20)) {
      lines.push(`  ✗ ${title}`);
      for (const line of reasonLines(reason)) lines.push(`      ${line}`);
    }
  }
  return { passed, failed, lines };
}

const REASON_LINES = 8;
const REASON_LINE_CHARS = 200;

/**
 * The first lines of a failure's message that say something (colour codes, blank
 * lines and stack frames dropped), each cut to a readable width.
 */
export function reasonLines(message) {
  if (!message) return [];
  return (
    String(message)
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== '' && !/^\s*at /.test(line))
      .slice(0, REASON_LINES)
      .map((line) => (line.length > REASON_LINE_CHARS ? `${line.slice(0, REASON_LINE_CHARS - 1)}…` : line))
  );
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
  const failures = [];
  for (const file of report.testResults ?? []) {
    const rel = String(file.name ?? '').replace(/^.*?(tests\/)/, '$1');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (file.status === 'failed' && failed.length === 0)
      failures.push({ title: `${rel}: failed to load`, reason: String(file.message ?? '') });
    for (const t of failed)
      failures.push({ title: `${rel} › ${t.fullName ?? t.title}`, reason: (t.failureMessages ?? [])[0] });
  }
  return {
    failures,
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
  const failures = [];
  // Suites nest: a file's suite, then describe blocks; specs hold one test per project.
  const walk = (suite, path) => {
    const here = suite.title === suite.file ? path : [...path, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') {
          const result = (test.results ?? []).find((r) => r.error || r.errors?.length) ?? {};
          failures.push({
            title: `${spec.file ?? suite.file} › ${[...here, spec.title].join(' › ')} [${test.projectName}]`,
            reason: result.error?.message ?? result.errors?.[0]?.message,
          });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? [])
    failures.push({ title: 'outside any test', reason: String(error.message ?? error) });
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + (report.errors?.length ?? 0),
    skipped: s.skipped ?? 0,
    flaky: s.flaky ?? 0,
    seconds: typeof s.duration === 'number' ? s.duration / 1000 : null,
    failures,
  };
}
