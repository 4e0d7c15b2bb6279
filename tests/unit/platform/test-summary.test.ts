// The closing lines of `npm test`: per-layer counts with the layer's wall time, read
// from the reports vitest and Playwright write.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSeconds, readSummaries, reasonLines } from '../../../scripts/lib/test-summary.mjs';

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

  it('names each failed test with the start of its error, since a CI log keeps only its tail', () => {
    const dir = mkdtempSync(join(tmpdir(), 'summary-'));
    writeFileSync(
      join(dir, 'functions.json'),
      JSON.stringify({
        numPassedTests: 1,
        numFailedTests: 1,
        startTime: 0,
        testResults: [
          {
            name: '/x/tests/functions/reviews/reviews.test.ts',
            status: 'failed',
            endTime: 5_000,
            assertionResults: [
              {
                status: 'failed',
                fullName: 'totals stay exact',
                failureMessages: [
                  '\u001b[31mAssertionError: expected 3 to be 4\u001b[39m\n\n- Expected\n+ Received\n    at Object.<anonymous> (reviews.test.ts:240:5)',
                ],
              },
              { status: 'passed', fullName: 'other' },
            ],
          },
          {
            name: '/x/tests/functions/broken.test.ts',
            status: 'failed',
            endTime: 1_000,
            message: 'SyntaxError: x',
          },
        ],
      }),
    );
    writeFileSync(
      join(dir, 'e2e.json'),
      JSON.stringify({
        stats: { expected: 0, unexpected: 1, skipped: 0, flaky: 0, duration: 1_000 },
        suites: [
          {
            title: 'a.spec.ts',
            file: 'a.spec.ts',
            specs: [
              {
                title: 'loads',
                file: 'a.spec.ts',
                tests: [
                  {
                    status: 'unexpected',
                    projectName: 'site',
                    results: [{ error: { message: 'Error: page.goto: Timeout 30000ms exceeded.' } }],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    const { failed, lines } = readSummaries(dir, new Set(['functions', 'e2e']));
    expect(failed).toBe(3);
    expect(lines).toEqual([
      'functions          1 passed, 2 failed in 5 s',
      '  ✗ tests/functions/reviews/reviews.test.ts › totals stay exact',
      '      AssertionError: expected 3 to be 4',
      '      - Expected',
      '      + Received',
      '  ✗ tests/functions/broken.test.ts: failed to load',
      '      SyntaxError: x',
      'e2e                0 passed, 1 failed in 1 s',
      '  ✗ a.spec.ts › loads [site]',
      '      Error: page.goto: Timeout 30000ms exceeded.',
    ]);
  });
});

describe('reasonLines', () => {
  it('keeps at most eight lines of at most 200 characters, and nothing for no message', () => {
    expect(reasonLines(undefined)).toEqual([]);
    const lines = reasonLines(Array.from({ length: 12 }, (_, i) => `${i}`.padEnd(300, 'x')).join('\n'));
    expect(lines).toHaveLength(8);
    expect(lines.every((line) => line.length === 200 && line.endsWith('…'))).toBe(true);
  });
});
