// The book pages the bench measures: the demo author's active free read (its book
// page and its first reading page), looked up in the emulator after seeding, since
// book ids are generated. Their targets are the books issue's: Lighthouse mobile
// performance 98 and at most 15 KB of gzipped JavaScript for an anonymous visitor.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

const TARGETS = { performance: 98, js_gzip_bytes: 15 * 1024 };

/** The bench's book page and reading page, or none when the demo data has no free read. */
export async function bookBenchPages() {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('the bench reads the emulator only (FIRESTORE_EMULATOR_HOST is not set)');
  const app = getApps().find((a) => a.name === 'bench-books') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-shelfmark' }, 'bench-books');
  const snap = await getFirestore(app).collection('books').where('user_id', '==', 'demo-author').where('is_active', '==', true).get();
  const book = snap.docs.find((doc) => doc.get('has_free_reading') === true);
  if (!book) return [];
  return [
    { path: `/book/${book.id}`, targets: TARGETS },
    { path: `/book/${book.id}/read/1`, targets: TARGETS },
  ];
}
