// One-off after deploying the publication sort: writes publication_key on every
// book and market entry stored before the key existed (Firestore's orderBy leaves
// out documents without the field, so the 'Publication Date' sort would not list
// them). A book's key comes from its publication date, its entry gets the same,
// products' and ads' entries the no-date key. The triggers keep the key from then
// on. Safe to run again: it only writes differences. Uses the Admin SDK's default
// credentials, or the emulator when FIRESTORE_EMULATOR_HOST is set.
//   npx tsx scripts/backfill-publication-keys.ts
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { MARKET_COLLECTION, publicationKeyUpdates } from '../src/domain/market/market-entry.ts';

const BATCH = 400;
const app = initializeApp(
  { projectId: process.env.GCLOUD_PROJECT || process.env.GOOGLE_CLOUD_PROJECT || 'demo-shelfmark' },
  'backfill-publication-keys',
);
const db = getFirestore(app);

const books = await db.collection('books').select('publication_date', 'publication_key').get();
const entries = await db.collection(MARKET_COLLECTION).select('source', 'source_id', 'publication_key').get();
const updates = publicationKeyUpdates(
  books.docs.map((d) => ({ id: d.id, data: d.data() })),
  entries.docs.map((d) => ({ id: d.id, data: d.data() })),
);
const writes = [
  ...updates.books.map(({ id, key }) => ({ ref: db.collection('books').doc(id), key })),
  ...updates.entries.map(({ id, key }) => ({ ref: db.collection(MARKET_COLLECTION).doc(id), key })),
];
for (let i = 0; i < writes.length; i += BATCH) {
  const batch = db.batch();
  for (const { ref, key } of writes.slice(i, i + BATCH)) batch.update(ref, { publication_key: key });
  await batch.commit();
}
console.log(
  `Checked ${books.size} books and ${entries.size} market entries; updated ${updates.books.length} and ${updates.entries.length}.`,
);
