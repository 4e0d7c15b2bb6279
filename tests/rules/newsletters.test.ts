import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, query, Timestamp, where, type DocumentData } from 'firebase/firestore';
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

function newsletter(overrides: DocumentData = {}): DocumentData {
  return {
    title: 'Shelfmark Monthly: March',
    subtitle: 'New members, new books and a cover-design workshop',
    content: 'Welcome to the March issue. This month forty new authors joined...',
    is_published: true,
    created_by: uids.admin,
    created_at: Timestamp.fromDate(new Date('2025-03-01T07:00:00Z')),
    updated_at: Timestamp.fromDate(new Date('2025-03-01T07:00:00Z')),
    sent_at: Timestamp.fromDate(new Date('2025-03-01T09:00:00Z')),
    recipient_count: 212,
    ...overrides,
  };
}

beforeAll(async () => {
  env = await setupRulesEnv('newsletters');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, {
    'newsletters/published-newsletter': newsletter(),
    'newsletters/draft-newsletter': newsletter({ title: 'Shelfmark Monthly: April', is_published: false, sent_at: null, recipient_count: 0 }),
  });
});

const newslettersOf = (actor: Actor) => collection(dbAs(env, actor), 'newsletters');
const newsletterAs = (actor: Actor, id: string) => doc(dbAs(env, actor), 'newsletters', id);

describe('newsletters', () => {
  for (const actor of nonAdmins) {
    describe(actorLabel[actor], () => {
      describe('get', () => {
        it('reads a published newsletter', async () => {
          await expectAllowed(getDoc(newsletterAs(actor, 'published-newsletter')));
        });
        it('cannot read a draft', async () => {
          await expectDenied(getDoc(newsletterAs(actor, 'draft-newsletter')));
        });
      });
      describe('list', () => {
        it('lists newsletters filtered to is_published == true', async () => {
          const snapshot = await expectAllowed(getDocs(query(newslettersOf(actor), where('is_published', '==', true))));
          expect(snapshot.size).toBe(1);
        });
        it('cannot list newsletters without the is_published filter', async () => {
          await expectDenied(getDocs(newslettersOf(actor)));
        });
      });
      describe('create, update, delete', () => {
        itDeniesWrites(() => dbAs(env, actor), { newPath: 'newsletters/new-newsletter', existingPath: 'newsletters/published-newsletter' }, newsletter());
      });
    });
  }

  describe(actorLabel.admin, () => {
    describe('get', () => {
      it('reads a draft', async () => {
        await expectAllowed(getDoc(newsletterAs('admin', 'draft-newsletter')));
      });
    });
    describe('list', () => {
      it('lists every newsletter, unpublished included', async () => {
        const snapshot = await expectAllowed(getDocs(newslettersOf('admin')));
        expect(snapshot.size).toBe(2);
      });
    });
    describe('create, update, delete', () => {
      // Admin editing arrives with the admin issue; until then nobody writes.
      itDeniesWrites(() => dbAs(env, 'admin'), { newPath: 'newsletters/new-newsletter', existingPath: 'newsletters/published-newsletter' }, newsletter());
    });
  });
});
