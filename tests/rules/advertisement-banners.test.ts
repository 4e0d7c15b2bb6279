import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, query, where, type DocumentData } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  expectAllowed,
  expectDenied,
  itDeniesWrites,
  nonAdmins,
  saveRuleCoverage,
  seed,
  setupRulesEnv,
  uids,
  type Actor,
} from './helpers';

let env: RulesTestEnvironment;

function banner(overrides: DocumentData = {}): DocumentData {
  return {
    title: 'Indie Book Fair 2025',
    image_url: 'https://example.com/banners/book-fair.jpg',
    link_url: 'https://example.com/book-fair',
    description: 'Meet two hundred independent authors in Leeds.',
    position: 1,
    is_active: true,
    created_by: uids.admin,
    ...overrides,
  };
}

beforeAll(async () => {
  env = await setupRulesEnv('advertisement-banners');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, {
    'advertisement_banners/active-banner': banner(),
    'advertisement_banners/inactive-banner': banner({ title: 'Winter Sale (ended)', position: 2, is_active: false }),
  });
});

const bannersOf = (actor: Actor) => collection(dbAs(env, actor), 'advertisement_banners');
const bannerAs = (actor: Actor, id: string) => doc(dbAs(env, actor), 'advertisement_banners', id);

describe('advertisement_banners', () => {
  for (const actor of nonAdmins) {
    describe(actorLabel[actor], () => {
      describe('get', () => {
        it('reads an active banner', async () => {
          await expectAllowed(getDoc(bannerAs(actor, 'active-banner')));
        });
        it('cannot read an inactive banner', async () => {
          await expectDenied(getDoc(bannerAs(actor, 'inactive-banner')));
        });
      });
      describe('list', () => {
        it('lists banners filtered to is_active == true', async () => {
          const snapshot = await expectAllowed(getDocs(query(bannersOf(actor), where('is_active', '==', true))));
          expect(snapshot.size).toBe(1);
        });
        it('cannot list banners without the is_active filter', async () => {
          await expectDenied(getDocs(bannersOf(actor)));
        });
      });
      describe('create, update, delete', () => {
        itDeniesWrites(() => dbAs(env, actor), { newPath: 'advertisement_banners/new-banner', existingPath: 'advertisement_banners/active-banner' }, banner());
      });
    });
  }

  describe(actorLabel.admin, () => {
    describe('get', () => {
      it('reads an inactive banner', async () => {
        await expectAllowed(getDoc(bannerAs('admin', 'inactive-banner')));
      });
    });
    describe('list', () => {
      it('lists every banner, inactive included', async () => {
        const snapshot = await expectAllowed(getDocs(bannersOf('admin')));
        expect(snapshot.size).toBe(2);
      });
    });
    describe('create, update, delete', () => {
      // Admin editing arrives with the admin issue; until then nobody writes.
      itDeniesWrites(() => dbAs(env, 'admin'), { newPath: 'advertisement_banners/new-banner', existingPath: 'advertisement_banners/active-banner' }, banner());
    });
  });
});
