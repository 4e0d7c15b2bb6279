// One-off after deploying the books' match key: writes match_key on every book
// stored before the key existed, or holding a wrong one (the reading import finds a
// book by title and author with where('match_key', 'in', …), which never returns a
// book without the field). The key comes from the book's title and its author
// snapshot (matchKeyUpdates, src/domain/books/match-key.ts); the saves and the books
// trigger keep it from then on. Safe to run again: it only writes differences.
// Uses the Admin SDK's default credentials, or the emulator when
// FIRESTORE_EMULATOR_HOST is set.
//   npx tsx scripts/backfill-match-keys.ts
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { matchKeyUpdates } from '../src/domain/books/match-key.ts';

const BATCH = 400;
const app = initializeApp(
  { projectId: process.env.GCLOUD_PROJECT || process.env.GOOGLE_CLOUD_PROJECT || 'demo-shelfmark' },
  'backfill-match-keys',
);
const db = getFirestore(app);

const books = await db.collection('books').select('title', 'author', 'match_key').get();
const updates = matchKeyUpdates(books.docs.map((d) => ({ id: d.id, data: d.data() })));
for (let i = 0; i < updates.length; i += BATCH) {
  const batch = db.batch();
  for (const { id, key } of updates.slice(i, i + BATCH))
    batch.update(db.collection('books').doc(id), { match_key: key });
  await batch.commit();
}
console.log(`Checked ${books.size} books; updated ${updates.length}.`);
