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
  replacedUploadOf,
  sameUpdatedAt,
  sameValue,
} from '../../../../src/domain/accounts/profile-save.ts';
import { fitsPlanLimit } from '../../../../src/domain/items/plan-limits.ts';
import {
  SAVE_PROFILE_MESSAGES,
  saveProfileRequestSchema,
} from '../../../../src/domain/accounts/profile-edit.ts';

describe('fieldLabel and describeIssue', () => {
  it.each([
    [['profile', 'display_name'], 'Display name'],
    [['profile', 'social_links', 'website'], 'Social link (website)'],
    [['admin', 'role'], 'Role'],
    [['userId'], 'UserId'],
    [[], 'Request'],
  ] as [PropertyKey[], string][])('%j reads as %s', (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });

  it('names the field of the first issue of a save request', () => {
    const result = saveProfileRequestSchema.safeParse({
      userId: 'u1',
      expectedUpdatedAt: null,
      profile: { page_slug: 'Not Valid' },
    });
    expect(result.success).toBe(false);
    expect(describeIssue(result.error as z.ZodError)).toBe(
      'Page slug: Use lower-case letters, digits, hyphens and underscores only',
    );
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

describe('a profile save request carries no books', () => {
  const base = { userId: 'u1', expectedUpdatedAt: null };

  it('refuses a book to create, change or remove, with the message that says where books are saved', () => {
    for (const books of [
      { create: [{ title: 'New' }] },
      { update: [{ id: 'b1' }] },
      { remove: ['b1'] },
      { other: [] },
    ]) {
      const result = saveProfileRequestSchema.safeParse({ ...base, books });
      expect(result.error?.issues, JSON.stringify(books)).toEqual([
        expect.objectContaining({
          path: expect.arrayContaining(['books']),
          message: SAVE_PROFILE_MESSAGES.noBooks,
        }),
      ]);
    }
  });

  it('lets an out-of-date editor’s empty books part through, so its profile changes are kept', () => {
    const result = saveProfileRequestSchema.safeParse({
      ...base,
      profile: { about_me: 'x' },
      books: { create: [], update: [], remove: [] },
    });
    expect(result.success).toBe(true);
  });

  it('refuses any other key it does not know, and accepts the profile and admin fields', () => {
    expect(saveProfileRequestSchema.safeParse({ ...base, products: [] }).success).toBe(false);
    expect(
      saveProfileRequestSchema.safeParse({ ...base, profile: { about_me: 'x' }, admin: { role: 'User' } })
        .success,
    ).toBe(true);
  });
});
