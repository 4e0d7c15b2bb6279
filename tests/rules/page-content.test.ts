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
  type Actor,
} from './helpers';

let env: RulesTestEnvironment;

function page(overrides: DocumentData = {}): DocumentData {
  return {
    page_slug: 'about',
    title: 'About Shelfmark',
    subtitle: 'A home for authors and the people who read them',
    content: {
      hero: { title: 'About Shelfmark', description: 'Where authors and readers meet.' },
      mission: { title: 'Our mission', content: 'Help every author find their readers.' },
      features: [{ icon: 'Users', title: 'Community', description: 'Thousands of members.' }],
      vision: { title: 'Our vision', content: 'Books for everyone.', badges: ['Independent'] },
      cta: { title: 'Join us', description: 'Membership is free.' },
    },
    meta_description: 'About Shelfmark, the community for books and authors.',
    is_published: true,
    ...overrides,
  };
}

beforeAll(async () => {
  env = await setupRulesEnv('page-content');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, {
    'page_content/about': page(),
    'page_content/membership': page({
      page_slug: 'membership',
      title: 'Membership',
      subtitle: 'Free and premium plans',
      content: { hero: { title: 'Membership', description: 'Choose a plan.' }, plans: [], benefits: [], cta: { title: 'Join', description: 'Start free.' } },
      meta_description: 'Shelfmark membership plans.',
      is_published: false,
    }),
  });
});

const pagesOf = (actor: Actor) => collection(dbAs(env, actor), 'page_content');
const pageAs = (actor: Actor, id: string) => doc(dbAs(env, actor), 'page_content', id);

describe('page_content', () => {
  for (const actor of nonAdmins) {
    describe(actorLabel[actor], () => {
      describe('get', () => {
        it('reads a published page', async () => {
          await expectAllowed(getDoc(pageAs(actor, 'about')));
        });
        it('cannot read an unpublished page', async () => {
          await expectDenied(getDoc(pageAs(actor, 'membership')));
        });
      });
      describe('list', () => {
        it('lists pages filtered to is_published == true', async () => {
          const snapshot = await expectAllowed(getDocs(query(pagesOf(actor), where('is_published', '==', true))));
          expect(snapshot.size).toBe(1);
        });
        it('cannot list pages without the is_published filter', async () => {
          await expectDenied(getDocs(pagesOf(actor)));
        });
      });
      describe('create, update, delete', () => {
        itDeniesWrites(() => dbAs(env, actor), { newPath: 'page_content/privacy-notice', existingPath: 'page_content/about' }, page());
      });
    });
  }

  describe(actorLabel.admin, () => {
    describe('get', () => {
      it('reads an unpublished page', async () => {
        await expectAllowed(getDoc(pageAs('admin', 'membership')));
      });
    });
    describe('list', () => {
      it('lists every page, unpublished included', async () => {
        const snapshot = await expectAllowed(getDocs(pagesOf('admin')));
        expect(snapshot.size).toBe(2);
      });
    });
    describe('create, update, delete', () => {
      // Admin editing arrives with the admin issue; until then nobody writes.
      itDeniesWrites(() => dbAs(env, 'admin'), { newPath: 'page_content/privacy-notice', existingPath: 'page_content/about' }, page());
    });
  });
});
