// The closing lines of `npm test`: per-layer counts with the layer's wall time, read
// from the reports vitest and Playwright write.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSeconds, readSummaries } from '../../../scripts/lib/test-summary.mjs';

describe('formatSeconds', () => {
  it('says seconds under a minute and minutes with seconds above', () => {
    expect(formatSeconds(42.4)).toBe('42 s');
    expect(formatSeconds(89.2)).toBe('1 min 29 s');
    expect(formatSeconds(1267)).toBe('21 min 7 s');
  });
});

describe('readSummaries', () => {
  it('gives each layer its counts and wall time, and counts a missing report as a failure', () => {
    const dir = mkdtempSync(join(tmpdir(), 'summary-'));
    writeFileSync(
      join(dir, 'unit.json'),
      JSON.stringify({
        numPassedTests: 3,
        numFailedTests: 0,
        startTime: 1_000,
        testResults: [
          { name: '/x/tests/unit/a.test.ts', status: 'passed', endTime: 31_000, assertionResults: [] },
          { name: '/x/tests/unit/b.test.ts', status: 'passed', endTime: 91_000, assertionResults: [] },
        ],
      }),
    );
    writeFileSync(
      join(dir, 'e2e.json'),
      JSON.stringify({
        stats: { expected: 5, unexpected: 0, skipped: 1, flaky: 0, duration: 42_000 },
        suites: [],
      }),
    );
    const { passed, failed, lines } = readSummaries(dir, new Set(['unit', 'rules', 'e2e']));
    expect(passed).toBe(8);
    expect(failed).toBe(1);
    expect(lines).toEqual([
      'unit               3 passed, 0 failed in 1 min 30 s',
      'rules              no report (the layer did not run or crashed)',
      'e2e                5 passed, 0 failed, 1 skipped in 42 s',
    ]);
  });
});
