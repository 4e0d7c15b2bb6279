// The market at two data sizes: market index entries added straight into the
// emulator through the Admin SDK (never in the seed), built with the domain's
// entry functions as the triggers build them. If /classifieds reads as many
// documents at 5,000 listings as at 500, a market view's cost is bounded.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import {
  MARKET_COLLECTION,
  entryFromAd,
  entryFromBook,
  entryFromProduct,
  marketEntryId,
} from '../../src/domain/market/market-entry.ts';

function benchDb() {
  if (!process.env.FIRESTORE_EMULATOR_HOST)
    throw new Error('the bench writes to the emulator only (FIRESTORE_EMULATOR_HOST is not set)');
  const app =
    getApps().find((a) => a.name === 'bench') ??
    initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-shelfmark' }, 'bench');
  return getFirestore(app);
}

const OWNER = { is_active: true, approval_status: 'approved' };
const CATEGORIES = [
  'reading-accessories',
  'book-accessories',
  'storage-organization',
  'writing-editorial',
  'other',
];

/** The entry of generated listing number `n`, one of the four kinds in turn. */
export function entryOf(n) {
  const id = `bench-listing-${String(n).padStart(5, '0')}`;
  const created_at = new Date(Date.UTC(2025, 0, 1) - n * 60_000);
  const title = `Bench listing ${n}`;
  const common = { user_id: 'bench-seller', title, is_active: true, is_featured: n % 17 === 0, created_at };
  switch (n % 4) {
    case 0:
      return [
        'books',
        id,
        entryFromBook(
          id,
          {
            ...common,
            genre: ['mystery'],
            cover_image: null,
            ebook_price: n % 120,
            paperback_price: null,
            hardcover_price: null,
            audiobook_price: null,
          },
          OWNER,
        ),
      ];
    case 1:
      return [
        'products_services',
        id,
        entryFromProduct(
          id,
          {
            ...common,
            category: 'product',
            subcategory: 'bookends',
            price_numeric: n % 90,
            currency: 'USD',
            image_url: null,
            tags: ['bench'],
            views_count: n % 50,
          },
          OWNER,
        ),
      ];
    case 2:
      return [
        'products_services',
        id,
        entryFromProduct(
          id,
          {
            ...common,
            category: 'service',
            subcategory: 'editing',
            price_numeric: null,
            currency: 'USD',
            image_url: null,
            tags: ['bench'],
            views_count: n % 30,
          },
          OWNER,
        ),
      ];
    default:
      return [
        'classified_ads',
        id,
        entryFromAd(
          id,
          {
            ...common,
            category: CATEGORIES[n % CATEGORIES.length],
            subcategory: null,
            price: n % 200,
            currency: 'EUR',
            tags: ['bench', 'listing'],
            image_url: null,
            views_count: n % 70,
          },
          OWNER,
        ),
      ];
  }
}

/** How many listings the market shows. */
export async function countMarketListings() {
  return (await benchDb().collection(MARKET_COLLECTION).count().get()).data().count;
}

/** Adds generated entries until the market holds at least `total` listings; returns the count reached. */
export async function fillMarketTo(total) {
  const db = benchDb();
  let count = await countMarketListings();
  let n = count;
  while (count < total) {
    const batch = db.batch();
    const size = Math.min(400, total - count);
    for (let i = 0; i < size; i += 1, n += 1) {
      const [source, id, entry] = entryOf(n);
      batch.set(db.collection(MARKET_COLLECTION).doc(marketEntryId(source, id)), entry);
    }
    await batch.commit();
    count += size;
  }
  return countMarketListings();
}

/** The path of the newest seeded classified ad page. */
export async function newestAdPath() {
  const snap = await benchDb()
    .collection(MARKET_COLLECTION)
    .where('type', '==', 'classified')
    .orderBy('created_at', 'desc')
    .limit(1)
    .get();
  return snap.docs[0]?.get('path');
}
