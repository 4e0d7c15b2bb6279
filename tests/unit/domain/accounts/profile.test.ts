import { describe, expect, it } from 'vitest';
import {
  PROFILE_ROLES,
  SOCIAL_NETWORKS,
  USER_CATEGORIES,
  cardCategory,
  cardRole,
  eventLines,
  isApproved,
  isPubliclyListed,
  profileImageProblem,
  profileSchema,
  showsBookCount,
} from '../../../../src/domain/accounts/profile.ts';

const base = {
  id: 'u1',
  user_id: 'u1',
  page_slug: 'jane-doe',
  display_name: 'Jane Doe',
  created_at: new Date(0),
};

describe('profileSchema', () => {
  it('fills defaults for a new member', () => {
    expect(profileSchema.parse(base)).toMatchObject({
      role: 'User',
      subscription_status: 'free',
      approval_status: 'pending',
      is_active: true,
      book_count: 0,
      social_links: {},
    });
  });
  it('does not keep an email (it lives in Firebase Auth)', () => {
    const parsed = profileSchema.parse({ ...base, email: 'jane@example.com' });
    expect('email' in parsed).toBe(false);
  });
  it('refuses bad slugs, negative counts and unknown networks', () => {
    expect(profileSchema.safeParse({ ...base, page_slug: 'Jane Doe' }).success).toBe(false);
    expect(profileSchema.safeParse({ ...base, book_count: -1 }).success).toBe(false);
    expect(profileSchema.safeParse({ ...base, social_links: { myspace: 'https://m.example' } }).success).toBe(
      false,
    );
    expect(
      profileSchema.safeParse({ ...base, social_links: { website: '', github: 'https://github.com/j' } })
        .success,
    ).toBe(true);
  });
  it('accepts a profile image from the media store or over https, or none', () => {
    for (const profile_image of [
      '/media/profiles/demo-author-0a1b2c3d4e.webp',
      'https://storage.googleapis.com/bucket/profiles/x.webp',
      '',
      null,
      undefined,
    ]) {
      expect(profileSchema.safeParse({ ...base, profile_image }).success, String(profile_image)).toBe(true);
    }
  });
  it('refuses any other profile image: a path outside /media/, http, other schemes, odd paths', () => {
    const refused = [
      'not a url',
      '/etc/passwd',
      'media/profiles/x.webp',
      '/media/../secret.webp',
      '/media/a b.webp',
      '//evil.example/x.webp',
      'http://example.com/x.webp',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      `https://example.com/${'p'.repeat(2029)}`,
      42,
    ];
    for (const profile_image of refused) {
      expect(
        profileSchema.safeParse({ ...base, profile_image }).success,
        String(profile_image).slice(0, 40),
      ).toBe(false);
    }
  });
  it('refuses social links that are not empty or an http(s) URL without spaces, within 2048 characters', () => {
    const refused = [
      'javascript:alert(1)',
      'data:text/html,x',
      'https://example.com/a b',
      ' https://example.com',
      'https:example.com',
      `https://example.com/${'p'.repeat(2029)}`,
      42,
    ];
    for (const website of refused) {
      expect(
        profileSchema.safeParse({ ...base, social_links: { website } }).success,
        String(website).slice(0, 40),
      ).toBe(false);
    }
    expect(
      profileSchema.safeParse({
        ...base,
        social_links: { website: null, github: `https://github.com/${'j'.repeat(2029)}` },
      }).success,
    ).toBe(true);
  });
  it('exports the enums', () => {
    expect(USER_CATEGORIES).toEqual(['Book Author', 'Book Lover/Marketer', 'Publisher']);
    expect(PROFILE_ROLES).toContain('Admin');
    expect(SOCIAL_NETWORKS).toHaveLength(12);
  });
});

describe('profile rules', () => {
  it("shows an Admin as 'Book Author' on cards", () => {
    expect(cardRole({ role: 'Admin' })).toBe('Book Author');
    expect(cardRole({ role: 'Book Lover/Marketer' })).toBe('Book Lover/Marketer');
    expect(cardCategory({ role: 'Admin', category: null })).toBe('Book Author');
    expect(cardCategory({ role: 'User', category: 'Publisher' })).toBe('Publisher');
  });
  it('approval and public listing', () => {
    expect(isApproved({ approval_status: 'approved' })).toBe(true);
    expect(isApproved({ approval_status: 'pending' })).toBe(false);
    expect(isPubliclyListed({ is_active: true, approval_status: 'approved' })).toBe(true);
    expect(isPubliclyListed({ is_active: false, approval_status: 'approved' })).toBe(false);
    expect(isPubliclyListed({ is_active: true, approval_status: 'denied' })).toBe(false);
  });
  it('book counts show for authors and publishers only', () => {
    expect(showsBookCount('Book Author')).toBe(true);
    expect(showsBookCount('Publisher')).toBe(true);
    expect(showsBookCount('Book Lover/Marketer')).toBe(false);
    expect(showsBookCount(null)).toBe(false);
  });
  it('events are one per line', () => {
    expect(eventLines('Reading, May 1\n\n  Signing, June 2  \r\n')).toEqual([
      'Reading, May 1',
      'Signing, June 2',
    ]);
  });
  it('profile images must be images under 500KB', () => {
    expect(profileImageProblem({ size: 1000, type: 'application/pdf' })).toBe('Please upload an image file.');
    expect(profileImageProblem({ size: 500 * 1024, type: 'image/png' })).toBe(
      'Profile image must be less than 500KB.',
    );
    expect(profileImageProblem({ size: 500 * 1024 - 1, type: 'image/png' })).toBeNull();
  });
});
