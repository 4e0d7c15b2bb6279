// One-off after deploying the books trigger's bookReaders handler: brings what
// readers wrote about books in line with the books' visibility.
// - Shelf entries get book_public (entries written before the field existed have
//   none, and the profile's shelf query filters on it): `shelfEntryUpdates`.
// - Reviews of a book that is not public stop being shown (reviewer_public
//   false), and that book's rating totals go to zero (nothing of it is counted).
// Safe to run again: it only writes differences. Uses the Admin SDK's default
// credentials, or the emulator when FIRESTORE_EMULATOR_HOST is set.
//   npx tsx scripts/backfill-reader-visibility.ts
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { BOOK_REVIEWS } from '../src/domain/reviews/review.ts';
import { BOOK_SHELVES, shelfEntryUpdates } from '../src/domain/shelves/shelf.ts';

const BATCH = 400;
const app = initializeApp(
  { projectId: process.env.GCLOUD_PROJECT || process.env.GOOGLE_CLOUD_PROJECT || 'demo-shelfmark' },
  'backfill-reader-visibility',
);
const db = getFirestore(app);

const books = await db.collection('books').select('is_public').get();
const publicBooks = new Set(books.docs.filter((d) => d.get('is_public') === true).map((d) => d.id));

const entries = await db.collection(BOOK_SHELVES).select('book_id', 'book_public').get();
const updates = shelfEntryUpdates(
  entries.docs.map((d) => ({ id: d.id, data: d.data() })),
  publicBooks,
);
for (let i = 0; i < updates.length; i += BATCH) {
  const batch = db.batch();
  for (const { id, book_public } of updates.slice(i, i + BATCH))
    batch.update(db.collection(BOOK_SHELVES).doc(id), { book_public });
  await batch.commit();
}

let hidden = 0;
for (const book of books.docs) {
  if (publicBooks.has(book.id)) continue;
  const shown = await db
    .collection(BOOK_REVIEWS)
    .where('book_id', '==', book.id)
    .where('reviewer_public', '==', true)
    .get();
  if (shown.empty) continue;
  // No review of a book that is not public is shown, so nothing is counted on it.
  await db.runTransaction(async (tx) => {
    const reviews = await tx.get(
      db.collection(BOOK_REVIEWS).where('book_id', '==', book.id).where('reviewer_public', '==', true),
    );
    for (const review of reviews.docs) tx.update(review.ref, { reviewer_public: false });
    tx.update(book.ref, { rating_count: 0, rating_sum: 0 });
  });
  hidden += shown.size;
}
console.log(
  `Checked ${entries.size} shelf entries and the reviews of ${books.size - publicBooks.size} books that are not public; ` +
    `updated ${updates.length} entries, hid ${hidden} reviews.`,
);
