import { limit, orderBy, query, Timestamp, where, type DocumentData } from 'firebase/firestore';
import { expect } from 'vitest';
import { uids } from '../helpers/rules-env';
import { describePublicReadOnly } from '../helpers/public-read-only';
import { useSeededRulesEnv } from '../helpers/seeded-env';

// market_listings: the market index, public to read, written only by the marketIndex triggers (Admin SDK).
function entry(overrides: DocumentData = {}): DocumentData {
  return {
    type: 'classified',
    source: 'classified_ads',
    source_id: 'active-ad',
    user_id: uids.owner,
    title: 'Oak bookshelf',
    search_keywords: ['oa', 'oak'],
    category: 'storage-organization',
    subcategories: ['bookshelves'],
    price: 120,
    currency: 'GBP',
    price_band: 'over-100',
    price_low_key: 120,
    price_high_key: 120,
    views_count: 3,
    is_featured: false,
    image: null,
    tags: ['oak'],
    path: '/classifieds/active-ad',
    created_at: Timestamp.fromDate(new Date('2025-05-10T15:30:00Z')),
    ...overrides,
  };
}

const env = useSeededRulesEnv('market-listings', () => ({
  'market_listings/ad_active-ad': entry(),
  'market_listings/book_b1': entry({
    type: 'book',
    source: 'books',
    source_id: 'b1',
    title: 'Midnight Tide',
    price: 4,
    price_band: 'under-10',
    path: '/book/b1',
  }),
}));

describePublicReadOnly({
  env,
  collection: 'market_listings',
  get: { title: 'reads an entry', id: 'ad_active-ad' },
  list: {
    title: 'queries the market (type, newest first, one page)',
    query: (items) => query(items, where('type', '==', 'book'), orderBy('created_at', 'desc'), limit(24)),
    check: (snapshot) => expect(snapshot.docs.map((d) => d.get('title'))).toEqual(['Midnight Tide']),
  },
  // A forged entry (a listing that is not public, a cheaper price, more views) must never get in.
  writes: {
    newId: 'ad_forged',
    existingId: 'ad_active-ad',
    data: entry({ source_id: 'forged', views_count: 99999 }),
  },
});
