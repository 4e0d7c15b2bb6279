// The demo's suppression list: the demo publisher's address is on it (a complaint),
// under the key the functions compute with the demo project's secret, so
// `npm start` shows that member the account page's notice.
import { describe, expect, it } from 'vitest';
import { generateMailSuppressions } from '../../../scripts/seed/mail-suppressions.ts';
import { suppressionKey } from '../../../functions/src/mail/suppressions.ts';
import { mailSuppressionSchema } from '../../../src/domain/mail/suppression.ts';

describe('the seeded suppression list', () => {
  it('holds the demo publisher’s address, keyed as the functions key it, as a valid record', () => {
    const now = Date.parse('2026-12-01T00:00:00Z');
    const [record, ...rest] = generateMailSuppressions(process.cwd(), now);
    expect(rest).toEqual([]);
    const key = suppressionKey('publisher@shelfmark.test', 'demo-only-mail-suppression-secret');
    expect(record?.path).toBe(`mail_suppressions/${key}`);
    expect(mailSuppressionSchema.parse(record?.data)).toMatchObject({ reason: 'complaint' });
    expect(record?.data.suppressed_at).toBeLessThan(now);
  });
});
