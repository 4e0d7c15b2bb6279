// The directory's second data size: approved, active members added straight into the
// emulator through the Admin SDK (never in the seed, so the demo data stays small).
// If /directory reads as many documents after this as before, its cost is bounded.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { directoryFields } from '../../src/domain/accounts/directory.ts';
import { profileWriteSchema, USER_CATEGORIES } from '../../src/domain/accounts/profile.ts';

function benchDb() {
  if (!process.env.FIRESTORE_EMULATOR_HOST)
    throw new Error('the bench writes to the emulator only (FIRESTORE_EMULATOR_HOST is not set)');
  const app =
    getApps().find((a) => a.name === 'bench') ??
    initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-shelfmark' }, 'bench');
  return getFirestore(app);
}

/**
 * Writes public profiles bench-member-{from+1}…{from+count}, validated by the domain
 * schema and carrying the directory's search and sort fields already (a trigger
 * would add them, but only some time later); resolves when all are stored.
 */
export async function addPublicMembers(from, count) {
  const db = benchDb();
  // Joined a year or more before the seed's reference date, so they sort after the demo members.
  const base = Date.UTC(2025, 0, 1);
  for (let start = from; start < from + count; start += 400) {
    const batch = db.batch();
    for (let i = start; i < Math.min(from + count, start + 400); i += 1) {
      const n = String(i + 1).padStart(4, '0');
      const uid = `bench-member-${n}`;
      const profile = profileWriteSchema.parse({
        user_id: uid,
        page_slug: `bench-member-${n}`,
        display_name: `Bench Member ${n}`,
        role: 'User',
        category: USER_CATEGORIES[i % USER_CATEGORIES.length],
        about_me:
          'A generated member that only exists while the benchmark measures the directory at a larger size.',
        subscription_status: 'free',
        approval_status: 'approved',
        is_active: true,
        book_count: 0,
        created_at: new Date(base - i * 3600_000),
      });
      batch.set(db.doc(`profiles/${uid}`), { ...profile, ...directoryFields(profile) });
    }
    await batch.commit();
  }
}

/** How many members the directory may show (active and approved), by a count() aggregation. */
export async function countPublicMembers() {
  const snap = await benchDb()
    .collection('profiles')
    .where('is_active', '==', true)
    .where('approval_status', '==', 'approved')
    .count()
    .get();
  return snap.data().count;
}
