import { describe, expect, it } from 'vitest';
import {
  groupReports,
  REPORT_NOTE_MAX,
  REPORT_NOTE_MESSAGE,
  REPORT_REASON_IDS,
  REPORT_REASON_MESSAGE,
  reportErrorMessage,
  reportItemKey,
  reporterKey,
  reportRequestFromForm,
  reportRequestSchema,
  sanitizeReportNote,
  type Report,
} from '../../../../src/domain/reports/report.ts';

describe('a report request', () => {
  it('takes a kind, an item, a reason from the short list and an optional note', () => {
    expect(reportRequestSchema.parse({ kind: 'review', itemId: 'b1__u1', reason: 'spam' })).toEqual({
      kind: 'review',
      itemId: 'b1__u1',
      reason: 'spam',
      note: '',
    });
    expect(REPORT_REASON_IDS).toEqual(['spam', 'offensive', 'rights', 'wrong', 'other']);
  });

  it('refuses a reason not on the list, a missing reason, an unknown kind, a path as item id and extra fields', () => {
    const base = { kind: 'book', itemId: 'b1', reason: 'spam' };
    for (const bad of [
      { ...base, reason: 'boring' },
      { kind: 'book', itemId: 'b1' },
      { ...base, kind: 'newsletter' },
      { ...base, itemId: 'b1/secret' },
      { ...base, itemId: '..' },
      { ...base, itemId: '' },
      { ...base, email: 'a@b.c' },
    ])
      expect(reportRequestSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('says to choose a reason, or to shorten the note when the note is at fault', () => {
    const noReason = reportRequestSchema.safeParse({ kind: 'book', itemId: 'b1', reason: '' });
    expect(noReason.success || reportErrorMessage(noReason.error)).toBe(REPORT_REASON_MESSAGE);
    const long = reportRequestSchema.safeParse({
      kind: 'book',
      itemId: 'b1',
      reason: 'other',
      note: 'x'.repeat(REPORT_NOTE_MAX + 1),
    });
    expect(long.success || reportErrorMessage(long.error)).toBe(REPORT_NOTE_MESSAGE);
  });

  it('reads the flat fields of a form post', () => {
    expect(
      reportRequestSchema.parse(
        reportRequestFromForm({ kind: 'ad', itemId: 'a1', reason: 'wrong', note: ' hi ' }),
      ),
    ).toEqual({ kind: 'ad', itemId: 'a1', reason: 'wrong', note: 'hi' });
  });
});

describe('a report note', () => {
  it('is kept as plain text: markup stays as typed (escaped wherever shown), controls and bidi overrides go', () => {
    expect(sanitizeReportNote('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
    expect(sanitizeReportNote('a\u0000b\u202Ec\u200Bd')).toBe('abcd');
    expect(sanitizeReportNote('  one\r\n\r\n\r\n\r\ntwo\t ')).toBe('one\n\ntwo');
  });

  it('counts its length after sanitising', () => {
    const padded = `${' '.repeat(50)}${'x'.repeat(REPORT_NOTE_MAX)}${' '.repeat(50)}`;
    expect(
      reportRequestSchema.parse({ kind: 'book', itemId: 'b', reason: 'other', note: padded }).note,
    ).toHaveLength(REPORT_NOTE_MAX);
  });
});

describe('keys', () => {
  it('name an item and a reporter', () => {
    expect(reportItemKey('review', 'b__u')).toBe('review:b__u');
    expect(reporterKey({ kind: 'member', uid: 'u1' })).toBe('member:u1');
    expect(reporterKey({ kind: 'visitor', client_hash: 'f'.repeat(64) })).toBe(`visitor:${'f'.repeat(64)}`);
  });
});

describe('the moderation queue', () => {
  const at = (day: number) => new Date(Date.UTC(2026, 10, day));
  const report = (
    kind: Report['item']['kind'],
    id: string,
    day: number,
    extra: Partial<Pick<Report, 'reason' | 'note' | 'status'>> = {},
  ) => ({
    item: { kind, id },
    reason: 'spam' as const,
    note: '',
    status: 'open' as const,
    created_at: at(day),
    ...extra,
  });

  it('groups open reports by item, most reported first, then the longest waiting, and leaves closed ones out', () => {
    const groups = groupReports([
      report('book', 'b1', 5),
      report('review', 'r1', 3),
      report('book', 'b1', 2, { reason: 'offensive', note: 'older note' }),
      report('book', 'b1', 6, { note: 'newer note' }),
      report('ad', 'a1', 1),
      report('ad', 'a1', 1, { status: 'dismissed' }),
      report('post', 'p1', 4, { status: 'actioned' }),
    ]);
    expect(groups.map((group) => reportItemKey(group.kind, group.id))).toEqual([
      'book:b1',
      'ad:a1',
      'review:r1',
    ]);
    expect(groups[0]).toEqual({
      kind: 'book',
      id: 'b1',
      count: 3,
      oldest: at(2),
      reasons: { spam: 2, offensive: 1 },
      notes: ['newer note', 'older note'],
    });
    expect(groups[1]!.count).toBe(1);
  });

  it('is empty when nothing is open', () => {
    expect(groupReports([report('book', 'b1', 1, { status: 'dismissed' })])).toEqual([]);
  });
});
