// One-off after deploying the bookVisibility triggers: writes owner_public and
// is_public on every book whose stored fields differ from its owner's state
// (books written before the fields existed have neither, and the listings query
// is_public). Safe to run again: it only writes differences. Uses the Admin SDK's
// default credentials, or the emulator when FIRESTORE_EMULATOR_HOST is set.
//   npx tsx scripts/backfill-book-visibility.ts
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { visibilityUpdates, type OwnerVisibility } from '../src/domain/accounts/visibility.ts';

const BATCH = 400;
const app = initializeApp(
  { projectId: process.env.GCLOUD_PROJECT || process.env.GOOGLE_CLOUD_PROJECT || 'demo-shelfmark' },
  'backfill-book-visibility',
);
const db = getFirestore(app);

const profiles = await db.collection('profiles').select('is_active', 'approval_status').get();
const owners = new Map<string, OwnerVisibility>(
  profiles.docs.map((d) => [
    d.id,
    { is_active: d.get('is_active') === true, approval_status: d.get('approval_status') } as OwnerVisibility,
  ]),
);
const books = await db.collection('books').select('user_id', 'is_active', 'owner_public', 'is_public').get();
const updates = visibilityUpdates(
  books.docs.map((d) => ({ id: d.id, data: d.data() })),
  owners,
);
for (let i = 0; i < updates.length; i += BATCH) {
  const batch = db.batch();
  for (const { id, fields } of updates.slice(i, i + BATCH))
    batch.update(db.collection('books').doc(id), { ...fields });
  await batch.commit();
}
console.log(`Checked ${books.size} books of ${profiles.size} members; updated ${updates.length}.`);
