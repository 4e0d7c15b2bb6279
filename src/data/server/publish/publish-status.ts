// The publish status document (site_meta/publish) as the local build receiver writes it
// (scripts/lib/publish-receiver.mjs): each change is computed by a pure function of
// src/domain/publish/publish.ts from the current document, inside a transaction, because the
// Cloud Functions write the same document.
import { parseDoc } from '../../firestore-convert.ts';
import {
  INITIAL_PUBLISH_STATUS,
  PUBLISH_STATUS_PATH,
  publishStatusSchema,
  type PublishStatus,
} from '../../../domain/publish/publish.ts';
import { getDb } from '../shared/firestore.ts';

/** Applies `change` to the status document in a transaction and returns the status it read. */
export async function updatePublishStatus(
  change: (status: PublishStatus) => Partial<PublishStatus>,
): Promise<PublishStatus> {
  const db = getDb();
  const ref = db.doc(PUBLISH_STATUS_PATH);
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const status = snapshot.exists
      ? parseDoc(publishStatusSchema, snapshot.id, snapshot.data(), 'site_meta')
      : INITIAL_PUBLISH_STATUS;
    const update = change(status);
    if (Object.keys(update).length > 0) tx.set(ref, update, { merge: true });
    return status;
  });
}
