// The book pages the bench measures: the demo author's active free read (its book
// page and its first reading page) and one of their active products/services (its
// /product-service page), looked up in the emulator after seeding, since ids are
// generated. Their targets are the books issue's: Lighthouse mobile
// performance 98 and at most 15 KB of gzipped JavaScript for an anonymous visitor.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

const TARGETS = { performance: 98, js_gzip_bytes: 15 * 1024 };

/**
 * The first paint of a page whose largest element may be a picture (a book page with
 * its cover, a profile with its picture, a product page), held as the median of five
 * Lighthouse runs: the largest element paints at most 50 ms after the first paint, and
 * the first paint is no later than the book page's before its cover joined it (861 ms,
 * the median of five runs), so the cover is not bought by holding the paint back.
 */
export const FIRST_PAINT_TARGETS = { fcp_ms: 861, lcp_after_fcp_ms: 50 };

/** The bench's book page, reading page and product page (each left out when the demo data has none). */
export async function bookBenchPages() {
  if (!process.env.FIRESTORE_EMULATOR_HOST)
    throw new Error('the bench reads the emulator only (FIRESTORE_EMULATOR_HOST is not set)');
  const app =
    getApps().find((a) => a.name === 'bench-books') ??
    initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-shelfmark' }, 'bench-books');
  const db = getFirestore(app);
  const snap = await db
    .collection('books')
    .where('user_id', '==', 'demo-author')
    .where('is_active', '==', true)
    .get();
  // The book page's first paint is measured with its cover, the page's largest element.
  const book = snap.docs.find(
    (doc) => doc.get('has_free_reading') === true && Boolean(doc.get('cover_image')),
  );
  const products = await db
    .collection('products_services')
    .where('user_id', '==', 'demo-author')
    .where('is_active', '==', true)
    .limit(1)
    .get();
  const product = products.docs[0];
  return [
    ...(book
      ? [
          { path: `/book/${book.id}`, targets: { ...TARGETS, ...FIRST_PAINT_TARGETS } },
          { path: `/book/${book.id}/read/1`, targets: TARGETS },
        ]
      : []),
    ...(product
      ? [{ path: `/product-service/${product.id}`, targets: { ...TARGETS, ...FIRST_PAINT_TARGETS } }]
      : []),
  ];
}
