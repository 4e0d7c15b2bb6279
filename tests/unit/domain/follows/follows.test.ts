import { describe, expect, it } from 'vitest';
import { emailHash } from '../../../../src/data/server/shared/email-hash.ts';
import {
  ALERT_CAP_MS,
  ALERT_DELAY_MS,
  DEFERRED_BOOKS_MAX,
  alertCapDecision,
  alertDelayFrom,
  withDeferredBook,
  emailFollowId,
  followRequestSchema,
  followSchema,
  followerCountLabel,
  isoWeekId,
  memberFollowId,
} from '../../../../src/domain/follows/follows.ts';
import { EMAIL_HASH_PATTERN, normalizeEmail } from '../../../../src/domain/shared/common.ts';

describe('follow ids', () => {
  it('one address in any case or padding is one hash', () => {
    expect(normalizeEmail('  Ann@Example.ORG ')).toBe('ann@example.org');
    expect(emailHash(' Ann@Example.org')).toBe(emailHash('ann@example.org'));
    expect(emailHash('ann@example.org')).toMatch(EMAIL_HASH_PATTERN);
    expect(emailHash('ann@example.org')).not.toBe(emailHash('bob@example.org'));
  });

  it('names author and follower, and never carries the address', () => {
    expect(memberFollowId('author1', 'reader1')).toBe('author1__m_reader1');
    const id = emailFollowId('author1', emailHash('ann@example.org'));
    expect(id.startsWith('author1__e_')).toBe(true);
    expect(id).not.toContain('ann');
    expect(() => emailFollowId('author1', 'ann@example.org')).toThrow();
  });

  it('stores a member or a confirmed address, with instant alerts by default', () => {
    const created_at = new Date();
    expect(
      followSchema.parse({ author_uid: 'a', follower: { kind: 'member', uid: 'r' }, created_at }).mode,
    ).toBe('instant');
    expect(
      followSchema.safeParse({
        author_uid: 'a',
        follower: { kind: 'email', email: 'not an address' },
        created_at,
      }).success,
    ).toBe(false);
    expect(
      followSchema.safeParse({
        author_uid: 'a',
        follower: { kind: 'member', uid: 'r', email: 'x@y.z' },
        created_at,
      }).success,
    ).toBe(false);
  });
});

describe('the member side', () => {
  it('accepts only the request a member sends', () => {
    expect(followRequestSchema.safeParse({ authorUid: 'ann', follow: true }).success).toBe(true);
    expect(followRequestSchema.safeParse({ authorUid: 'ann', follow: true, mode: 'weekly' }).success).toBe(
      true,
    );
    expect(followRequestSchema.safeParse({ authorUid: 'ann', follow: true, mode: 'daily' }).success).toBe(
      false,
    );
    expect(followRequestSchema.safeParse({ authorUid: '', follow: true }).success).toBe(false);
    expect(followRequestSchema.safeParse({ authorUid: 'ann', follow: true, uid: 'x' }).success).toBe(false);
  });

  it('says the count in words', () => {
    expect(followerCountLabel(0)).toBe('0 followers');
    expect(followerCountLabel(1)).toBe('1 follower');
    expect(followerCountLabel(12)).toBe('12 followers');
  });

  it('gives the ISO week in UTC, Monday first, week 1 holding the first Thursday', () => {
    expect(isoWeekId(new Date('2026-11-26T12:00:00Z'))).toBe('2026-W48');
    expect(isoWeekId(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W48');
    expect(isoWeekId(new Date('2026-11-22T23:59:59Z'))).toBe('2026-W47');
    // 1 January 2027 is a Friday: it belongs to 2026's last week.
    expect(isoWeekId(new Date('2027-01-01T08:00:00Z'))).toBe('2026-W53');
    expect(isoWeekId(new Date('2027-01-04T08:00:00Z'))).toBe('2027-W01');
    // 31 December 2024 is a Tuesday of 2025's first week.
    expect(isoWeekId(new Date('2024-12-31T08:00:00Z'))).toBe('2025-W01');
  });
});

describe('the daily cap of instant alerts', () => {
  const at = new Date('2026-11-20T10:00:00Z');
  const later = (ms: number) => new Date(at.getTime() + ms);
  it('sends the first alert, and again the same book (a retried delivery)', () => {
    expect(alertCapDecision(undefined, 'b1', at)).toBe('send');
    expect(alertCapDecision({ at, book_id: 'b1' }, 'b1', later(60_000))).toBe('send');
  });
  it('defers another book of the author within the cap, and sends once it has passed', () => {
    expect(alertCapDecision({ at, book_id: 'b1' }, 'b2', later(ALERT_CAP_MS - 1))).toBe('defer');
    expect(alertCapDecision({ at, book_id: 'b1' }, 'b2', later(ALERT_CAP_MS))).toBe('send');
  });
  it('is one cap for books and updates: an update after a book (or a book after an update) that day waits', () => {
    expect(alertCapDecision({ at, book_id: 'b1' }, { update_id: 'u1' }, later(60_000))).toBe('defer');
    expect(alertCapDecision({ at, update_id: 'u1' }, { update_id: 'u2' }, later(60_000))).toBe('defer');
    expect(alertCapDecision({ at, update_id: 'u1' }, 'b1', later(60_000))).toBe('defer');
    expect(alertCapDecision({ at, update_id: 'u1' }, { update_id: 'u1' }, later(60_000))).toBe('send');
    expect(alertCapDecision({ at, update_id: 'u1' }, { book_id: 'u1' }, later(60_000))).toBe('defer');
    expect(alertCapDecision({ at, book_id: 'b1' }, { update_id: 'u1' }, later(ALERT_CAP_MS))).toBe('send');
  });
  it('keeps each deferred book once, the newest ones when there are too many', () => {
    expect(withDeferredBook(undefined, 'b1')).toEqual(['b1']);
    expect(withDeferredBook(['b1', 'b2'], 'b1')).toEqual(['b2', 'b1']);
    const many = Array.from({ length: DEFERRED_BOOKS_MAX }, (_, i) => `b${i}`);
    const next = withDeferredBook(many, 'new');
    expect(next).toHaveLength(DEFERRED_BOOKS_MAX);
    expect(next[0]).toBe('b1');
    expect(next.at(-1)).toBe('new');
  });
});

describe('alertDelayFrom', () => {
  it('reads whole seconds, zero included, and falls back to an hour for anything else', () => {
    expect(alertDelayFrom({ ALERT_DELAY_SECONDS: '3' })).toBe(3000);
    expect(alertDelayFrom({ ALERT_DELAY_SECONDS: '0' })).toBe(0);
    expect(ALERT_DELAY_MS).toBe(3_600_000);
    for (const value of [undefined, '', 'soon', '-5', '1.5'])
      expect(alertDelayFrom({ ALERT_DELAY_SECONDS: value })).toBe(ALERT_DELAY_MS);
  });
});
