import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, query, Timestamp, where, type DocumentData } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  expectAllowed,
  expectDenied,
  itDeniesWrites,
  nonOwners,
  saveRuleCoverage,
  seed,
  setupRulesEnv,
  uids,
  type Actor,
} from './helpers';

let env: RulesTestEnvironment;

function ad(overrides: DocumentData = {}): DocumentData {
  return {
    user_id: uids.owner,
    title: 'Signed first edition of Harbour Lights',
    description: 'Hardback, signed on the title page, dust jacket intact.',
    category: 'books-publications',
    subcategory: 'first-editions',
    price: 85,
    currency: 'GBP',
    condition: 'like-new',
    location: 'Bristol, UK',
    contact_method: 'message',
    contact_info: '',
    is_service: false,
    tags: ['signed', 'first-edition'],
    is_active: true,
    is_featured: false,
    views_count: 3,
    created_at: Timestamp.fromDate(new Date('2025-05-10T15:30:00Z')),
    ...overrides,
  };
}

beforeAll(async () => {
  env = await setupRulesEnv('classified-ads');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, {
    'classified_ads/active-ad': ad(),
    'classified_ads/inactive-ad': ad({ title: 'Oak bookshelf (sold)', category: 'storage-organization', is_active: false }),
    'classified_ads/bobs-ad': ad({ user_id: uids.other, title: 'Proofreading by the page', is_service: true }),
  });
});

const adsOf = (actor: Actor) => collection(dbAs(env, actor), 'classified_ads');
const adAs = (actor: Actor, id: string) => doc(dbAs(env, actor), 'classified_ads', id);

describe('classified_ads', () => {
  for (const actor of nonOwners) {
    describe(actorLabel[actor], () => {
      describe('get', () => {
        it('reads an active ad', async () => {
          await expectAllowed(getDoc(adAs(actor, 'active-ad')));
        });
        it('cannot read an inactive ad', async () => {
          await expectDenied(getDoc(adAs(actor, 'inactive-ad')));
        });
      });
      describe('list', () => {
        it('lists ads filtered to is_active == true', async () => {
          const snapshot = await expectAllowed(getDocs(query(adsOf(actor), where('is_active', '==', true))));
          expect(snapshot.size).toBe(2);
        });
        it('cannot list ads without the is_active filter', async () => {
          await expectDenied(getDocs(adsOf(actor)));
        });
        it("cannot list another member's ads unfiltered, which would include inactive ones", async () => {
          await expectDenied(getDocs(query(adsOf(actor), where('user_id', '==', uids.owner))));
        });
      });
      describe('create, update, delete', () => {
        itDeniesWrites(() => dbAs(env, actor), { newPath: 'classified_ads/new-ad', existingPath: 'classified_ads/active-ad' }, ad());
      });
    });
  }

  describe(actorLabel.owner, () => {
    describe('get', () => {
      it('reads their own inactive ad', async () => {
        await expectAllowed(getDoc(adAs('owner', 'inactive-ad')));
      });
    });
    describe('list', () => {
      it('lists all their own ads, active or not', async () => {
        const snapshot = await expectAllowed(getDocs(query(adsOf('owner'), where('user_id', '==', uids.owner))));
        expect(snapshot.size).toBe(2);
      });
      it('cannot list every ad without a filter', async () => {
        await expectDenied(getDocs(adsOf('owner')));
      });
    });
    describe('create, update, delete', () => {
      itDeniesWrites(() => dbAs(env, 'owner'), { newPath: 'classified_ads/new-ad', existingPath: 'classified_ads/active-ad' }, ad());
    });
  });

  describe(actorLabel.admin, () => {
    describe('get', () => {
      it('reads an inactive ad', async () => {
        await expectAllowed(getDoc(adAs('admin', 'inactive-ad')));
      });
    });
    describe('list', () => {
      it('lists every ad without a filter', async () => {
        const snapshot = await expectAllowed(getDocs(adsOf('admin')));
        expect(snapshot.size).toBe(3);
      });
    });
    describe('create, update, delete', () => {
      itDeniesWrites(() => dbAs(env, 'admin'), { newPath: 'classified_ads/new-ad', existingPath: 'classified_ads/active-ad' }, ad());
    });
  });
});
