// One-off after deploying the ISBN claims (src/domain/books/isbn-claim.ts): books
// stored before them carry ISBNs nobody claimed. For each ISBN whose claim does not
// hold (none, or its book is gone or carries another ISBN), the oldest book
// carrying it takes the claim (missingClaims); a younger book sharing the ISBN is
// refused at its next save until its owner changes it or an admin moves the claim
// (adminIsbnClaims). The saves keep the claims from then on. Safe to run again: a
// claim that holds is kept, so a second run writes nothing.
// Uses the Admin SDK's default credentials, or the emulator when
// FIRESTORE_EMULATOR_HOST is set.
//   npx tsx scripts/backfill-isbn-claims.ts
import { initializeApp } from 'firebase-admin/app';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { ISBN_CLAIMS, missingClaims } from '../src/domain/books/isbn-claim.ts';

const BATCH = 400;
const app = initializeApp(
  { projectId: process.env.GCLOUD_PROJECT || process.env.GOOGLE_CLOUD_PROJECT || 'demo-shelfmark' },
  'backfill-isbn-claims',
);
const db = getFirestore(app);

const dateOf = (value: unknown) => (value instanceof Timestamp ? value.toDate() : new Date(0));
const books = await db.collection('books').select('isbn', 'user_id', 'created_at').get();
const stored = await db.collection(ISBN_CLAIMS).select('book_id').get();
const claims = new Map(stored.docs.map((doc) => [doc.id, { book_id: String(doc.get('book_id')) }]));
const missing = missingClaims(
  books.docs.map((doc) => ({
    id: doc.id,
    user_id: String(doc.get('user_id')),
    isbn: typeof doc.get('isbn') === 'string' ? (doc.get('isbn') as string) : null,
    created_at: dateOf(doc.get('created_at')),
  })),
  claims,
);
for (let i = 0; i < missing.length; i += BATCH) {
  const batch = db.batch();
  for (const { id, ...claim } of missing.slice(i, i + BATCH))
    batch.set(db.collection(ISBN_CLAIMS).doc(id), claim);
  await batch.commit();
}
console.log(`Checked ${books.size} books and ${stored.size} claims; claimed ${missing.length} ISBNs.`);
