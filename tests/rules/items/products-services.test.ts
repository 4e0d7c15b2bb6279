import { Timestamp, doc, increment, query, updateDoc, where, type DocumentData } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { dbAs, expectDenied, uids } from '../helpers/rules-env';
import { describeOwnedItemReads } from '../helpers/owned-item-reads';
import { useSeededRulesEnv } from '../helpers/seeded-env';

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

const env = useSeededRulesEnv('products-services', () => ({
  [`profiles/${uids.owner}`]: { user_id: uids.owner, approval_status: 'approved', is_active: true },
  [`profiles/${uids.other}`]: { user_id: uids.other, approval_status: 'approved', is_active: true },
  'products_services/active-listing': listing(),
  'products_services/inactive-listing': listing({ title: 'Cover Design (paused)', is_active: false }),
  'products_services/bobs-listing': listing({
    user_id: uids.other,
    title: 'Handmade Bookmarks',
    category: 'product',
  }),
}));

describeOwnedItemReads({
  env,
  collection: 'products_services',
  noun: { one: 'listing', many: 'listings' },
  makeDoc: () => listing(),
  publicList: {
    title: 'of one member filtered to is_active == true',
    query: (items) => query(items, where('user_id', '==', uids.owner), where('is_active', '==', true)),
    size: 1,
    denied: true,
  },
});

// views_count moves only through the server's views endpoint; a client can set no number.
describe('forged product writes', () => {
  it('the owner and an admin cannot set views_count, is_featured or is_active from the client', async () => {
    for (const actor of ['owner', 'admin', 'other'] as const) {
      const db = dbAs(env(), actor);
      await expectDenied(
        updateDoc(doc(db, 'products_services', 'active-listing'), { views_count: 1_000_000 }),
      );
      await expectDenied(
        updateDoc(doc(db, 'products_services', 'active-listing'), { views_count: increment(1) }),
      );
      await expectDenied(updateDoc(doc(db, 'products_services', 'inactive-listing'), { is_active: true }));
      await expectDenied(updateDoc(doc(db, 'products_services', 'active-listing'), { is_featured: true }));
    }
  });
});
