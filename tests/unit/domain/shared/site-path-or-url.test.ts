import { describe, expect, it } from 'vitest';
import { optionalSitePathOrUrl, sitePathOrUrlSchema } from '../../../../src/domain/shared/common.ts';

describe('sitePathOrUrlSchema (images and internal links)', () => {
  it.each([
    '/media/covers/b1-abc.webp',
    '/blog',
    '/',
    'https://example.com/x.png',
    'http://127.0.0.1:9199/a',
  ])('accepts %s', (value) => {
    expect(sitePathOrUrlSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    '//evil.example/x.png',
    '/\\evil',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'media/x.webp',
    '/a b',
    '',
  ])('refuses %j', (value) => {
    expect(sitePathOrUrlSchema.safeParse(value).success).toBe(false);
  });

  it('lets optional fields be empty or absent', () => {
    for (const value of ['', null, undefined])
      expect(optionalSitePathOrUrl.safeParse(value).success).toBe(true);
  });
});
