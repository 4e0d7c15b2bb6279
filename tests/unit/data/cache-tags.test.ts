import { describe, expect, it } from 'vitest';
import { profileCacheTag, setCacheTags } from '../../../src/data/server/cache-tags.ts';

describe('cache tags', () => {
  it('names one tag per member and writes it in the header Netlify reads and the generic one', () => {
    const headers = new Headers();
    setCacheTags(headers, [profileCacheTag('abc123'), 'other']);
    expect(headers.get('Netlify-Cache-Tag')).toBe('profile-abc123,other');
    expect(headers.get('Cache-Tag')).toBe('profile-abc123,other');
  });
});
