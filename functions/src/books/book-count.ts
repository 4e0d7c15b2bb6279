import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import { db } from '../shared/firestore';
import { readBookOwnership, type BookOwnership } from './book-fields';
import { changeKind, type DocChange, type Handler } from '../shared/collection-trigger';

/**
 * The users whose profiles.book_count a book write can change: the owner before and
 * after (both when the book moves to another user), and nobody when neither the
 * owner nor is_active changed (an edit of the title, say).
 */
export function usersToRecount(
  before: BookOwnership | undefined,
  after: BookOwnership | undefined,
): string[] {
  const unchanged =
    before !== undefined &&
    after !== undefined &&
    before.user_id === after.user_id &&
    before.is_active === after.is_active;
  if (unchanged) return [];
  const users = [before?.user_id, after?.user_id].filter(
    (uid): uid is string => typeof uid === 'string' && uid !== '',
  );
  return [...new Set(users)];
}

/**
 * Sets profiles/{uid}.book_count to the number of that user's active books, unless
 * the profile does not exist. Returns the count written, or undefined when skipped.
 *
 * We recount instead of incrementing: Cloud Functions delivers events at least once
 * and in no guaranteed order, so a retried or reordered increment drifts forever,
 * while a recount converges to the truth on every run. The count and the write share
 * one transaction, so a book written between them makes the transaction retry rather
 * than letting an older count overwrite a newer one.
 */
export async function recountBooks(firestore: Firestore, uid: string): Promise<number | undefined> {
  const profileRef = firestore.collection('profiles').doc(uid);
  const activeBooks = firestore
    .collection('books')
    .where('user_id', '==', uid)
    .where('is_active', '==', true)
    .count();
  return firestore.runTransaction(async (tx) => {
    const profile = await tx.get(profileRef);
    if (!profile.exists) return undefined;
    const count = (await tx.get(activeBooks)).data().count;
    if (profile.get('book_count') !== count) tx.update(profileRef, { book_count: count });
    return count;
  });
}

/** Books handler: keeps profiles/{user_id}.book_count equal to the number of the user's active books. */
export const bookCount: Handler = {
  name: 'book count',
  async run(change: DocChange) {
    const before = readBookOwnership(change.id, change.before);
    const after = readBookOwnership(change.id, change.after);
    for (const uid of usersToRecount(before, after)) {
      const count = await recountBooks(db(), uid);
      logger.debug('book_count', { uid, count, book: change.id });
    }
  },
};

/** Profiles handler: counts a new profile's existing books (imported or seeded before the profile), so no profile starts wrong. */
export const bookCountOnProfileCreate: Handler = {
  name: 'book count of a new profile',
  async run(change: DocChange) {
    if (changeKind(change) === 'created') await recountBooks(db(), change.id);
  },
};
