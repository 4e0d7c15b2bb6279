import { describe, expect, it } from 'vitest';
import { OPT_IN_RESULTS } from '../../../../src/domain/accounts/opt-in.ts';
import { REPORT_RESULTS } from '../../../../src/domain/reports/report.ts';
import { resultFrom } from '../../../../src/domain/shared/result-page.ts';

describe('resultFrom', () => {
  it('gives the text of the state the address names', () => {
    expect(resultFrom(OPT_IN_RESULTS, 'invalid', 'sent')).toBe(OPT_IN_RESULTS.invalid);
    expect(resultFrom(REPORT_RESULTS, 'already', 'failed')).toBe(REPORT_RESULTS.already);
  });
  it('falls back for a missing or unknown state, and for names every object inherits', () => {
    expect(resultFrom(OPT_IN_RESULTS, null, 'sent')).toBe(OPT_IN_RESULTS.sent);
    expect(resultFrom(OPT_IN_RESULTS, 'nonsense', 'sent')).toBe(OPT_IN_RESULTS.sent);
    for (const inherited of ['toString', 'constructor', '__proto__', 'hasOwnProperty'])
      expect(resultFrom(REPORT_RESULTS, inherited, 'failed')).toBe(REPORT_RESULTS.failed);
  });
});
