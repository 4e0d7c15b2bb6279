// Counting one view of a product/service or classified ad (Admin SDK). The only
// writer of `views_count`: see src/domain/views.ts for the rule.
import { FieldValue } from 'firebase-admin/firestore';
import type { ViewCollection } from '../../domain/views.ts';
import { getDb } from './firestore.ts';

/**
 * Adds one to the item's `views_count` when the item exists and is active;
 * 'notFound' otherwise (an unknown id never creates a document). One read and
 * one write, in a transaction so a disabled item is never counted.
 */
export async function recordView(collection: ViewCollection, id: string): Promise<'counted' | 'notFound'> {
  const db = getDb();
  const ref = db.collection(collection).doc(id);
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists || snapshot.get('is_active') !== true) return 'notFound';
    tx.update(ref, { views_count: FieldValue.increment(1) });
    return 'counted';
  });
}
