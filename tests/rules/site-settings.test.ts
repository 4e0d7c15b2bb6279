import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, type DocumentData } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  everyone,
  expectAllowed,
  itDeniesWrites,
  saveRuleCoverage,
  seed,
  setupRulesEnv,
  uids,
} from './helpers';

let env: RulesTestEnvironment;

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
    social_links: { facebook: 'https://facebook.com/shelfmark', instagram: 'https://instagram.com/shelfmark' },
    global_free_preview_title: 'VIEW & read THE BOOK FOR FREE',
    updated_by: uids.admin,
    ...overrides,
  };
}

beforeAll(async () => {
  env = await setupRulesEnv('site-settings');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, { 'site_settings/main': settings() });
});

describe('site_settings', () => {
  for (const actor of everyone) {
    describe(actorLabel[actor], () => {
      describe('get', () => {
        it('reads site_settings/main', async () => {
          const snapshot = await expectAllowed(getDoc(doc(dbAs(env, actor), 'site_settings', 'main')));
          expect(snapshot.get('site_title')).toBe('Shelfmark');
        });
      });
      describe('list', () => {
        it('lists the settings collection', async () => {
          await expectAllowed(getDocs(collection(dbAs(env, actor), 'site_settings')));
        });
      });
      describe('create, update, delete', () => {
        itDeniesWrites(
          () => dbAs(env, actor),
          { newPath: 'site_settings/draft', existingPath: 'site_settings/main' },
          settings({ site_title: 'Not Shelfmark' }),
        );
      });
    });
  }
});
