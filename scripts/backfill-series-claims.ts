// One-off after deploying the series claims (src/domain/books/series-claim.ts): series
// named before them have no owner on record. Each series address some book names
// and no claim holds goes to the author of its oldest book (missingSeriesClaims);
// other authors' books naming it then show on their own page of that address
// (/series/{slug}/by/{uid}). The book saves keep the claims from then on. Safe to
// run again: a series with a claim is left as it is, so a second run writes nothing.
// Uses the Admin SDK's default credentials, or the emulator when
// FIRESTORE_EMULATOR_HOST is set.
//   npx tsx scripts/backfill-series-claims.ts
import { initializeApp } from 'firebase-admin/app';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { SERIES_CLAIMS, missingSeriesClaims } from '../src/domain/books/series-claim.ts';

const BATCH = 400;
const app = initializeApp(
  { projectId: process.env.GCLOUD_PROJECT || process.env.GOOGLE_CLOUD_PROJECT || 'demo-shelfmark' },
  'backfill-series-claims',
);
const db = getFirestore(app);

const dateOf = (value: unknown) => (value instanceof Timestamp ? value.toDate() : new Date(0));
const books = await db
  .collection('books')
  .where('series_slug', '>', '')
  .select('series_slug', 'user_id', 'created_at')
  .get();
const stored = await db.collection(SERIES_CLAIMS).select().get();
const missing = missingSeriesClaims(
  books.docs.map((doc) => ({
    id: doc.id,
    user_id: String(doc.get('user_id')),
    series_slug: String(doc.get('series_slug')),
    created_at: dateOf(doc.get('created_at')),
  })),
  new Set(stored.docs.map((doc) => doc.id)),
);
for (let i = 0; i < missing.length; i += BATCH) {
  const batch = db.batch();
  for (const { id, ...claim } of missing.slice(i, i + BATCH))
    batch.set(db.collection(SERIES_CLAIMS).doc(id), claim);
  await batch.commit();
}
console.log(
  `Checked ${books.size} books in a series and ${stored.size} claims; claimed ${missing.length} series.`,
);
