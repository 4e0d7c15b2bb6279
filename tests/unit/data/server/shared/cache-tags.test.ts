import { describe, expect, it } from 'vitest';
import {
  adCacheTag,
  memberPurgeTags,
  profileCacheTag,
  profileSlugCacheTag,
  setCacheTags,
} from '../../../../../src/data/server/shared/cache-tags.ts';

describe('cache tags', () => {
  it('names one tag per member and one per profile address, written in the header Netlify reads and the generic one', () => {
    const headers = new Headers();
    setCacheTags(headers, [profileCacheTag('abc123'), profileSlugCacheTag('jane-doe')]);
    expect(headers.get('Netlify-Cache-Tag')).toBe('profile-abc123,profile-slug-jane-doe');
    expect(headers.get('Cache-Tag')).toBe('profile-abc123,profile-slug-jane-doe');
  });
  it('purges a member’s pages and each of their addresses once after a change', () => {
    expect(memberPurgeTags('abc123', ['jane-new', 'jane-old', 'jane-new'])).toEqual([
      'profile-abc123',
      'profile-slug-jane-new',
      'profile-slug-jane-old',
    ]);
  });
  it('names one tag per classified ad', () => {
    expect(adCacheTag('ad1')).toBe('ad-ad1');
  });
});
