import { describe, expect, it } from 'vitest';
import { emailHash } from '../../../src/data/server/email-hash.ts';
import {
  EMAIL_HASH_PATTERN,
  emailFollowId,
  followSchema,
  memberFollowId,
  normalizeEmail,
} from '../../../src/domain/follows.ts';

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
