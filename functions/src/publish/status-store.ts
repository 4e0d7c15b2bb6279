// The publish pipeline's one status document (site_meta/publish): every read parses it
// with the domain schema, every change goes through a transaction, because the
// triggers, the debounce task and the build receiver all write it.
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { parseDoc } from '../../../src/data/firestore-convert';
import {
  INITIAL_PUBLISH_STATUS,
  PUBLISH_STATUS_PATH,
  publishStatusSchema,
  type PublishStatus,
} from '../../../src/domain/publish/publish';

/** The status document (another path only where a test keeps a status of its own). */
export function statusRef(firestore: Firestore, path: string = PUBLISH_STATUS_PATH): DocumentReference {
  return firestore.doc(path);
}

/** Reads the status inside a transaction; a missing document is the initial status. */
export async function readStatus(tx: Transaction, ref: DocumentReference): Promise<PublishStatus> {
  const snapshot = await tx.get(ref);
  return snapshot.exists
    ? parseDoc(publishStatusSchema, snapshot.id, snapshot.data(), 'site_meta')
    : INITIAL_PUBLISH_STATUS;
}

/**
 * Reads the status, lets `change` compute the fields to merge and a result, and writes
 * them in one transaction. Many triggers of one burst contend for the document, so the
 * transaction may retry more often than the default five times.
 */
export function updateStatus<R>(
  firestore: Firestore,
  change: (status: PublishStatus) => { update?: Partial<PublishStatus>; result: R },
  path: string = PUBLISH_STATUS_PATH,
): Promise<R> {
  const ref = statusRef(firestore, path);
  return firestore.runTransaction(
    async (tx) => {
      const { update, result } = change(await readStatus(tx, ref));
      if (update && Object.keys(update).length > 0) tx.set(ref, update, { merge: true });
      return result;
    },
    { maxAttempts: 25 },
  );
}
