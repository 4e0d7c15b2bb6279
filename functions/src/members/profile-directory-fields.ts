import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import { directoryFields, sameDirectoryFields } from '../../../src/domain/accounts/directory';
import { db } from '../shared/firestore';
import type { DocChange, Handler } from '../shared/collection-trigger';

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
 * Profiles handler: keeps the directory's denormalised search and sort fields in
 * step with the profile (Firestore has neither substring search nor
 * case-insensitive ordering). saveProfile and signUp write them with the profile;
 * this catches every other write.
 */
export const profileDirectoryFields: Handler = {
  name: 'directory fields',
  async run(change: DocChange) {
    const after = change.after;
    // Most profile writes leave the fields current: no read, no write.
    if (after === undefined || sameDirectoryFields(after, wantedFields(after))) return undefined;
    const wrote = await refreshDirectoryFields(db(), change.id);
    logger.debug('directory fields', { uid: change.id, wrote });
    return wrote ? wantedFields(after) : undefined;
  },
};
