import { Timestamp, type DocumentData } from 'firebase/firestore';
import { uids } from './helpers';
import { describeOwnedItemReads } from './shared/owned-item-reads';
import { useSeededRulesEnv } from './shared/seeded-env';

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
  'products_services/active-listing': listing(),
  'products_services/inactive-listing': listing({ title: 'Cover Design (paused)', is_active: false }),
  'products_services/bobs-listing': listing({ user_id: uids.other, title: 'Handmade Bookmarks', category: 'product' }),
}));

describeOwnedItemReads({ env, collection: 'products_services', noun: { one: 'listing', many: 'listings' }, makeDoc: () => listing() });
