/**
 * Reading one indexed query a batch at a time after a cursor, for the
 * listings' Load more: the cursor is a document id in the URL, and its
 * snapshot (read once, metered) is what the query starts after. Every
 * snapshot a batch reads is kept, so the next batch can start after any of
 * them. A cursor that no longer exists (or cannot order the query) is
 * reported, and the caller starts from the first page.
 */
import type { DocumentSnapshot, Firestore, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { meterQuery, meterReads } from './read-meter.ts';

export interface CursorBatches<T> {
  /** False when `after` named a document that is gone or cannot start the query. */
  cursorFound: boolean;
  /** Up to `size` items of the query after the item `afterId` (from the start without it). */
  fetchBatch: (afterId: string | undefined, size: number) => Promise<T[]>;
}

export async function cursorBatches<T>(
  db: Firestore,
  collection: string,
  query: Query,
  after: string | undefined,
  /** Whether the cursor's snapshot can start the query (it holds the ordered fields). */
  usableCursor: (cursor: DocumentSnapshot) => boolean,
  /** One read document as the caller's item (parsed; a malformed one still advances the cursor). */
  toItem: (doc: QueryDocumentSnapshot) => T,
): Promise<CursorBatches<T>> {
  const snapshots = new Map<string, DocumentSnapshot>();
  let cursorFound = true;
  if (after) {
    const cursor = await db.collection(collection).doc(after).get();
    meterReads(1);
    if (cursor.exists && usableCursor(cursor)) snapshots.set(after, cursor);
    else cursorFound = false;
  }
  const fetchBatch = async (afterId: string | undefined, size: number): Promise<T[]> => {
    const start = afterId === undefined ? undefined : snapshots.get(afterId);
    const snap = await (start ? query.startAfter(start) : query).limit(size).get();
    meterQuery(snap);
    return snap.docs.map((doc) => {
      snapshots.set(doc.id, doc);
      return toItem(doc);
    });
  };
  return { cursorFound, fetchBatch };
}
