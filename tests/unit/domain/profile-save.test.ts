import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminClaimChange,
  changedFields,
  describeIssue,
  fieldLabel,
  isPathSafeId,
  nextUpdatedAt,
  profileImageVerdict,
  repeatedBookIds,
  replacedUploadOf,
  sameUpdatedAt,
  sameValue,
} from '../../../src/domain/members/profile-save.ts';
import { fitsPlanLimit } from '../../../src/domain/items/plan-limits.ts';
import { saveProfileRequestSchema } from '../../../src/domain/members/profile-edit.ts';

describe('fieldLabel and describeIssue', () => {
  it.each([
    [['profile', 'display_name'], 'Display name'],
    [['profile', 'social_links', 'website'], 'Social link (website)'],
    [['admin', 'role'], 'Role'],
    [['books', 'create', 1, 'title'], 'New book 2, Title'],
    [['books', 'update', 0, 'changes', 'purchase_url'], 'Book 1, Purchase url'],
    [['books', 'remove', 3], 'Books to remove'],
    [['userId'], 'UserId'],
    [[], 'Request'],
  ] as [PropertyKey[], string][])('%j reads as %s', (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });

  it('names the field of the first issue of a save request', () => {
    const result = saveProfileRequestSchema.safeParse({
      userId: 'u1',
      expectedUpdatedAt: null,
      books: { create: [{ title: ' ' }] },
    });
    expect(result.success).toBe(false);
    expect(describeIssue(result.error as z.ZodError)).toBe('New book 1, Title: Title is required');
  });
});

describe('changedFields', () => {
  it('keeps only values that differ; absent, null and empty are the same nothing', () => {
    const stored = {
      display_name: 'Jane',
      about_me: null,
      social_links: { website: 'https://a.example' },
      page_title: 'T',
    };
    expect(
      changedFields(stored, {
        display_name: 'Jane',
        about_me: '',
        social_links: { website: 'https://a.example', twitter: '' },
        page_title: 'U',
        upcoming_events: undefined,
      }),
    ).toEqual({ page_title: 'U' });
    expect(changedFields(stored, { social_links: { website: 'https://b.example' } })).toEqual({
      social_links: { website: 'https://b.example' },
    });
  });
  it('compares lists item by item', () => {
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(['a'], ['a', 'b'])).toBe(false);
    expect(sameValue('x', ['x'])).toBe(false);
  });
});

describe('updated_at', () => {
  it('matches the same instant, or both never saved', () => {
    const ms = Date.parse('2025-01-02T03:04:05.678Z');
    expect(sameUpdatedAt(ms, '2025-01-02T03:04:05.678Z')).toBe(true);
    expect(sameUpdatedAt(ms, '2025-01-02T03:04:05.679Z')).toBe(false);
    expect(sameUpdatedAt(null, null)).toBe(true);
    expect(sameUpdatedAt(ms, null)).toBe(false);
    expect(sameUpdatedAt(null, '2025-01-02T03:04:05.678Z')).toBe(false);
  });
  it('always moves forward', () => {
    expect(nextUpdatedAt(1000, null)).toBe(1000);
    expect(nextUpdatedAt(1000, 500)).toBe(1000);
    expect(nextUpdatedAt(1000, 1000)).toBe(1001);
    expect(nextUpdatedAt(1000, 2000)).toBe(2001);
  });
});

describe('profile image', () => {
  const own = '/media/u1/profile-images/abc/w640.webp';
  it.each([
    ['', 'ok'],
    [null, 'ok'],
    ['https://images.example.com/a.jpg', 'ok'],
    [own, 'ok'],
    ['/media/u2/profile-images/abc/w640.webp', 'other-member'],
    ['/media/seed/authors/jane.webp', 'not-an-upload'],
    ['https://storage.googleapis.com/bucket/u1/profile-images/abc/w640.webp', 'ok'],
    ['https://storage.googleapis.com/bucket/u2/profile-images/abc/w640.webp', 'other-member'],
    ['https://bucket.storage.googleapis.com/u2/profile-images/abc/w640.webp', 'not-an-upload'],
    ['https://STORAGE.googleapis.com./bucket/u2/x.webp', 'not-an-upload'],
    ['https://storage.cloud.google.com/bucket/u2/x.webp', 'not-an-upload'],
    ['https://storage.googleapis.com.evil.example/u2/x.webp', 'ok'],
    ['http://images.example.com/a.jpg', 'not-an-upload'],
  ])('%s is %s for member u1', (value, verdict) => {
    expect(profileImageVerdict(value, undefined, 'u1')).toBe(verdict);
  });
  it('keeps a value the profile already has, whatever it is', () => {
    expect(profileImageVerdict('/media/seed/authors/jane.webp', '/media/seed/authors/jane.webp', 'u1')).toBe(
      'ok',
    );
  });
  it('removes only the member’s own replaced upload', () => {
    expect(replacedUploadOf(own, '', 'u1')).toBe('u1/profile-images/abc');
    expect(replacedUploadOf(own, own, 'u1')).toBeNull();
    expect(replacedUploadOf(own, undefined, 'u1')).toBeNull();
    expect(replacedUploadOf('/media/seed/authors/jane.webp', '', 'u1')).toBeNull();
    expect(replacedUploadOf('/media/u2/profile-images/abc/w640.webp', '', 'u1')).toBeNull();
  });
});

describe('adminClaimChange', () => {
  it('sets the claim for Admin, clears it when leaving Admin, else leaves it', () => {
    expect(adminClaimChange('User', 'Admin')).toBe(true);
    expect(adminClaimChange('Admin', 'User')).toBe(false);
    expect(adminClaimChange('Admin', 'Admin')).toBeUndefined();
    expect(adminClaimChange('User', 'Book Author')).toBeUndefined();
    expect(adminClaimChange('Admin', undefined)).toBeUndefined();
  });
});

describe('repeatedBookIds', () => {
  it('finds a book listed twice across update and remove', () => {
    expect(repeatedBookIds(['a', 'b'], ['c'])).toEqual([]);
    expect(repeatedBookIds(['a', 'b'], ['a'])).toEqual(['a']);
    expect(repeatedBookIds(['a', 'a'], [])).toEqual(['a']);
  });
});

describe('fitsPlanLimit', () => {
  it.each([
    ['free', 3, 0, 1, false],
    ['free', 2, 0, 1, true],
    ['free', 3, 1, 1, true],
    ['free', 5, 0, 0, true],
    ['free', 5, 1, 0, true],
    ['free', 0, 0, 4, false],
    ['premium', 100, 0, 50, true],
  ] as const)('%s with %i, removing %i, adding %i: %s', (plan, current, removing, adding, fits) => {
    expect(fitsPlanLimit('books', plan, current, removing, adding)).toBe(fits);
  });
});

describe('isPathSafeId', () => {
  it('accepts uids and refuses what would change a document path or media folder', () => {
    expect(isPathSafeId('AbC123_-x')).toBe(true);
    expect(isPathSafeId('a/b')).toBe(false);
    expect(isPathSafeId('..')).toBe(false);
    expect(isPathSafeId('.')).toBe(false);
  });
});

describe('a book’s changes in a profile save', () => {
  it('hold only the fields sent: no default resets a list, a flag or a catalogue field left out', () => {
    const parsed = saveProfileRequestSchema.parse({
      userId: 'u1',
      expectedUpdatedAt: null,
      books: { update: [{ id: 'b1', changes: { title: 'Renamed' } }] },
    });
    expect(parsed.books.update[0]?.changes).toEqual({ title: 'Renamed' });
  });

  it('still check the fields sent with the book’s rules', () => {
    const result = saveProfileRequestSchema.safeParse({
      userId: 'u1',
      expectedUpdatedAt: null,
      books: { update: [{ id: 'b1', changes: { genre: 'fantasy', isbn: '0-306-40615-2' } }] },
    });
    expect(result.error?.issues.map((issue) => issue.path.at(-1))).toEqual(['genre', 'isbn']);
  });
});
