import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MENU_ITEMS,
  DEFAULT_SITE_SETTINGS,
  PROMOTION_CODE_MESSAGE,
  SOCIAL_LINK_LABELS,
  promotionCodeSchema,
  resolveSiteSettings,
  siteSettingsSchema,
} from '../../../../src/domain/site/site-settings.ts';
import { DEFAULT_FREE_PREVIEW_TITLE } from '../../../../src/domain/books/book.ts';

describe('default menu', () => {
  it('has the ten default items in order', () => {
    expect(DEFAULT_MENU_ITEMS).toHaveLength(10);
    expect(DEFAULT_MENU_ITEMS.map((item) => item.url)).toEqual([
      '/',
      '/about',
      '/categories',
      '/free-books',
      '/classifieds',
      '/book-communities',
      '/membership',
      '/blog',
      '/newsletters',
      '/directory',
    ]);
    expect(DEFAULT_MENU_ITEMS[1]?.label).toBe('About Shelfmark');
  });
  it('labels social links in header order', () => {
    expect(Object.values(SOCIAL_LINK_LABELS)).toEqual([
      'Website',
      'LinkedIn',
      'X (Twitter)',
      'Facebook',
      'Instagram',
      'YouTube',
      'GitHub',
      'TikTok',
      'Medium',
      'Goodreads',
      'Substack',
      'Pinterest',
    ]);
  });
});

describe('resolveSiteSettings', () => {
  it('uses every built-in default when nothing is stored', () => {
    const resolved = resolveSiteSettings(null);
    expect(resolved).toMatchObject({
      logo_url: null,
      site_title: DEFAULT_SITE_SETTINGS.site_title,
      header_description: DEFAULT_SITE_SETTINGS.header_description,
      hero_description: DEFAULT_SITE_SETTINGS.hero_description,
      website_url: DEFAULT_SITE_SETTINGS.website_url,
      social_links: [],
      global_free_preview_title: DEFAULT_FREE_PREVIEW_TITLE,
    });
    expect(resolved.menu_items).toEqual(DEFAULT_MENU_ITEMS);
  });
  it('treats empty and whitespace values as missing', () => {
    const resolved = resolveSiteSettings({
      site_title: '  ',
      header_description: '',
      hero_description: null,
      logo_url: '',
      menu_items: [],
    });
    expect(resolved.site_title).toBe('Shelfmark');
    expect(resolved.header_description).toBe(DEFAULT_SITE_SETTINGS.header_description);
    expect(resolved.logo_url).toBeNull();
    expect(resolved.menu_items).toHaveLength(10);
  });
  it('keeps stored values and orders non-empty social links like the header', () => {
    const resolved = resolveSiteSettings({
      site_title: 'Bookish',
      logo_url: 'https://cdn.example/logo.png',
      menu_items: [{ label: 'Blog', url: '/blog' }],
      social_links: { pinterest: 'https://pinterest.example/s', website: 'https://s.example', twitter: '' },
    });
    expect(resolved.site_title).toBe('Bookish');
    expect(resolved.logo_url).toBe('https://cdn.example/logo.png');
    expect(resolved.menu_items).toEqual([{ label: 'Blog', url: '/blog' }]);
    expect(resolved.social_links.map((l) => l.label)).toEqual(['Website', 'Pinterest']);
  });
  it('schema accepts paths and http(s) URLs in the menu, nothing else', () => {
    const parse = (url: string) =>
      siteSettingsSchema.safeParse({ id: 'main', menu_items: [{ label: 'X', url }] }).success;
    expect(parse('/about')).toBe(true);
    expect(parse('https://example.com')).toBe(true);
    expect(parse('//evil.example')).toBe(false);
    expect(parse('javascript:alert(1)')).toBe(false);
  });
});

describe('promotionCodeSchema', () => {
  it('keeps a code upper case and trimmed', () => {
    expect(promotionCodeSchema.parse('holiday50')).toBe('HOLIDAY50');
    expect(promotionCodeSchema.parse('  Winter-2026 ')).toBe('WINTER-2026');
    expect(promotionCodeSchema.parse('ABC')).toBe('ABC');
    expect(promotionCodeSchema.parse('A'.repeat(40))).toBe('A'.repeat(40));
  });

  it('reads empty (or only spaces, or null) as no promotion', () => {
    expect(promotionCodeSchema.parse('')).toBeNull();
    expect(promotionCodeSchema.parse('   ')).toBeNull();
    expect(promotionCodeSchema.parse(null)).toBeNull();
  });

  it.each(['AB', 'A'.repeat(41), 'HOLIDAY 50', 'HOLIDAY_50', 'HOLIDAY50!', 'CAFÉ10', '<b>X</b>'])(
    'refuses %s with the field message',
    (code) => {
      const parsed = promotionCodeSchema.safeParse(code);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(PROMOTION_CODE_MESSAGE);
    },
  );

  it('is stored with the settings, and resolves to null when absent', () => {
    expect(siteSettingsSchema.parse({ id: 'main', promotion_code: 'HOLIDAY50' }).promotion_code).toBe(
      'HOLIDAY50',
    );
    expect(resolveSiteSettings({ promotion_code: 'HOLIDAY50' }).promotion_code).toBe('HOLIDAY50');
    expect(resolveSiteSettings({ promotion_code: null }).promotion_code).toBeNull();
    expect(resolveSiteSettings(null).promotion_code).toBeNull();
  });
});

describe('search_in_header', () => {
  it('shows the header search box while the search switch lets visitors use it', () => {
    expect(resolveSiteSettings(null).search_in_header).toBe(true);
    expect(resolveSiteSettings({ early_access: { search: 'everyone' } as never }).search_in_header).toBe(
      true,
    );
    expect(resolveSiteSettings({ early_access: { search: 'premium' } as never }).search_in_header).toBe(
      false,
    );
    expect(resolveSiteSettings({ early_access: { search: 'off' } as never }).search_in_header).toBe(false);
  });

  it('carries the box for Premium members only while the switch is on Premium members', () => {
    const box = (search: string) =>
      resolveSiteSettings({ early_access: { search } as never }).search_for_members;
    expect([box('premium'), box('everyone'), box('off')]).toEqual([true, false, false]);
  });
});
