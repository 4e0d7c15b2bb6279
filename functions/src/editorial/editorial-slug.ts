/**
 * Gives a blog post or newsletter its URL slug the first time it is published:
 * from the title, unique in its collection (a suffix on collision), and never
 * changed afterwards, so links to it keep working whatever the title becomes.
 */
import type { Firestore } from 'firebase-admin/firestore';
import {
  editorialSlugBase,
  uniqueEditorialSlug,
  type EditorialCollection,
} from '../../../src/domain/editorial/editorial';

/** Assigns the slug of `collection/id` if it is published and has none; returns the slug it has afterwards. */
export async function assignEditorialSlug(
  firestore: Firestore,
  collection: EditorialCollection,
  id: string,
): Promise<string | null> {
  const ref = firestore.collection(collection).doc(id);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || snap.get('is_published') !== true) return null;
    const existing = snap.get('slug') as string | null | undefined;
    if (existing) return existing;
    const title = String(snap.get('title') ?? '');
    const base = editorialSlugBase(title);
    // Every slug that starts with the base, read in the transaction, so two items published
    // at once with the same title cannot both take it (the later commit retries and sees the first).
    const clashes = await tx.get(
      firestore
        .collection(collection)
        .where('slug', '>=', base)
        .where('slug', '<=', `${base}-\uf8ff`)
        .select('slug'),
    );
    const taken = new Set(clashes.docs.map((d) => String(d.get('slug'))));
    const slug = uniqueEditorialSlug(title, taken);
    tx.update(ref, { slug });
    return slug;
  });
}
