import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { logger } from 'firebase-functions';
import type { Firestore } from 'firebase-admin/firestore';
import { directoryFields, sameDirectoryFields } from '../../src/domain/directory';
import { db } from './firestore';

/** The fields a profile document should carry, from its name, category and about text (non-strings count as empty). */
export function wantedFields(data: Record<string, unknown>): ReturnType<typeof directoryFields> {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return directoryFields({
    display_name: text(data.display_name),
    category: text(data.category),
    about_me: text(data.about_me),
  });
}

/**
 * Recomputes profiles/{uid}.search_keywords and sort_name from the document as it
 * is now, inside a transaction: a late or retried event then writes values derived
 * from the latest name and about text, never from the event's stale copy. Returns
 * true when it wrote.
 */
export async function refreshDirectoryFields(firestore: Firestore, uid: string): Promise<boolean> {
  const ref = firestore.collection('profiles').doc(uid);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return false;
    const data = snap.data() ?? {};
    const wanted = wantedFields(data);
    if (sameDirectoryFields(data, wanted)) return false;
    tx.update(ref, wanted);
    return true;
  });
}

/**
 * Keeps the directory's denormalised search and sort fields in step with the
 * profile: Firestore has neither substring search nor case-insensitive ordering.
 * Its own write fires this trigger once more, which then finds nothing to change.
 */
export const profileDirectoryFields = onDocumentWritten('profiles/{uid}', async (event) => {
  const after = event.data?.after.data();
  if (after === undefined) return;
  // Most profile writes (and the echo of our own) leave the fields current: no read, no write.
  if (sameDirectoryFields(after, wantedFields(after))) return;
  const wrote = await refreshDirectoryFields(db(), event.params.uid);
  logger.debug('directory fields', { uid: event.params.uid, wrote });
});
