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

function listing(overrides: DocumentData = {}): DocumentData {
  return {
    user_id: uids.owner,
    title: 'Manuscript Developmental Edit',
    description: 'A full developmental edit with a ten-page editorial letter.',
    category: 'service',
    subcategory: 'editing',
    price: 'From $450',
    price_numeric: 450,
    currency: 'USD',
    condition: 'new',
    contact_info: 'alice@example.com',
    image_url: 'https://example.com/listings/edit.jpg',
    website_url: 'https://example.com/editing',
    tags: ['editing', 'fiction'],
    is_active: true,
    is_featured: false,
    views_count: 12,
    created_at: Timestamp.fromDate(new Date('2025-04-01T09:00:00Z')),
    updated_at: Timestamp.fromDate(new Date('2025-04-01T09:00:00Z')),
    ...overrides,
  };
}

beforeAll(async () => {
  env = await setupRulesEnv('products-services');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, {
    'products_services/active-listing': listing(),
    'products_services/inactive-listing': listing({ title: 'Cover Design (paused)', is_active: false }),
    'products_services/bobs-listing': listing({ user_id: uids.other, title: 'Handmade Bookmarks', category: 'product' }),
  });
});

const listingsOf = (actor: Actor) => collection(dbAs(env, actor), 'products_services');
const listingAs = (actor: Actor, id: string) => doc(dbAs(env, actor), 'products_services', id);

describe('products_services', () => {
  for (const actor of nonOwners) {
    describe(actorLabel[actor], () => {
      describe('get', () => {
        it('reads an active listing', async () => {
          await expectAllowed(getDoc(listingAs(actor, 'active-listing')));
        });
        it('cannot read an inactive listing', async () => {
          await expectDenied(getDoc(listingAs(actor, 'inactive-listing')));
        });
      });
      describe('list', () => {
        it('lists listings filtered to is_active == true', async () => {
          const snapshot = await expectAllowed(getDocs(query(listingsOf(actor), where('is_active', '==', true))));
          expect(snapshot.size).toBe(2);
        });
        it('cannot list listings without the is_active filter', async () => {
          await expectDenied(getDocs(listingsOf(actor)));
        });
        it("cannot list another member's listings unfiltered, which would include inactive ones", async () => {
          await expectDenied(getDocs(query(listingsOf(actor), where('user_id', '==', uids.owner))));
        });
      });
      describe('create, update, delete', () => {
        itDeniesWrites(() => dbAs(env, actor), { newPath: 'products_services/new-listing', existingPath: 'products_services/active-listing' }, listing());
      });
    });
  }

  describe(actorLabel.owner, () => {
    describe('get', () => {
      it('reads their own inactive listing', async () => {
        await expectAllowed(getDoc(listingAs('owner', 'inactive-listing')));
      });
    });
    describe('list', () => {
      it('lists all their own listings, active or not', async () => {
        const snapshot = await expectAllowed(getDocs(query(listingsOf('owner'), where('user_id', '==', uids.owner))));
        expect(snapshot.size).toBe(2);
      });
      it('cannot list every listing without a filter', async () => {
        await expectDenied(getDocs(listingsOf('owner')));
      });
    });
    describe('create, update, delete', () => {
      itDeniesWrites(() => dbAs(env, 'owner'), { newPath: 'products_services/new-listing', existingPath: 'products_services/active-listing' }, listing());
    });
  });

  describe(actorLabel.admin, () => {
    describe('get', () => {
      it('reads an inactive listing', async () => {
        await expectAllowed(getDoc(listingAs('admin', 'inactive-listing')));
      });
    });
    describe('list', () => {
      it('lists every listing without a filter', async () => {
        const snapshot = await expectAllowed(getDocs(listingsOf('admin')));
        expect(snapshot.size).toBe(3);
      });
    });
    describe('create, update, delete', () => {
      itDeniesWrites(() => dbAs(env, 'admin'), { newPath: 'products_services/new-listing', existingPath: 'products_services/active-listing' }, listing());
    });
  });
});
