import { type DocumentData } from 'firebase/firestore';
import { expect } from 'vitest';
import { uids } from './helpers';
import { describePublicReadOnly } from './shared/public-read-only';
import { useSeededRulesEnv } from './shared/seeded-env';

function settings(overrides: DocumentData = {}): DocumentData {
  return {
    site_title: 'Shelfmark',
    header_description: 'The community for books and authors',
    hero_description: 'Discover independent authors, free books and audiobooks.',
    website_url: 'https://shelfmark.example.com',
    logo_url: 'https://example.com/site-assets/logo.png',
    menu_items: [
      { label: 'Free Books', url: '/free-books' },
      { label: 'Directory', url: '/directory' },
    ],
    social_links: {
      facebook: 'https://facebook.com/shelfmark',
      instagram: 'https://instagram.com/shelfmark',
    },
    global_free_preview_title: 'VIEW & read THE BOOK FOR FREE',
    updated_by: uids.admin,
    ...overrides,
  };
}

const env = useSeededRulesEnv('site-settings', () => ({ 'site_settings/main': settings() }));

describePublicReadOnly({
  env,
  collection: 'site_settings',
  get: {
    title: 'reads site_settings/main',
    id: 'main',
    check: (snapshot) => expect(snapshot.get('site_title')).toBe('Shelfmark'),
  },
  list: { title: 'lists the settings collection' },
  writes: { newId: 'draft', existingId: 'main', data: settings({ site_title: 'Not Shelfmark' }) },
});
