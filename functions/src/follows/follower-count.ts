// Keeps profiles/{uid}.follower_count equal to the number of follows of that
// author (members and email followers alike). Clients never write it (the
// profile rules leave it out of every member and admin write).
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { logger } from 'firebase-functions';
import type { Firestore } from 'firebase-admin/firestore';
import { FOLLOWER_COUNT_FIELD, FOLLOWS } from '../../../src/domain/follows';
import { db } from '../firestore';

/** The count() query of `authorUid`'s followers. */
export function followersOf(firestore: Firestore, authorUid: string) {
  return firestore.collection(FOLLOWS).where('author_uid', '==', authorUid).count();
}

/**
 * Sets the author's follower_count to the number of their follows, unless the
 * profile does not exist; returns the count, or undefined when skipped. A recount,
 * not an increment, for the reason recountBooks gives (events arrive at least
 * once and in any order); count and write share one transaction.
 */
export async function recountFollowers(firestore: Firestore, authorUid: string): Promise<number | undefined> {
  const profileRef = firestore.collection('profiles').doc(authorUid);
  return firestore.runTransaction(async (tx) => {
    const profile = await tx.get(profileRef);
    if (!profile.exists) return undefined;
    const count = (await tx.get(followersOf(firestore, authorUid))).data().count;
    if (profile.get(FOLLOWER_COUNT_FIELD) !== count) tx.update(profileRef, { [FOLLOWER_COUNT_FIELD]: count });
    return count;
  });
}

/** On every follow created or deleted (a mode change leaves the count alone): recount the author's followers. */
export const followerCount = onDocumentWritten(`${FOLLOWS}/{followId}`, async (event) => {
  const before = event.data?.before;
  const after = event.data?.after;
  if (before?.exists && after?.exists) return;
  const authorUid = (after?.exists ? after : before)?.get('author_uid');
  if (typeof authorUid !== 'string' || authorUid === '') return;
  const count = await recountFollowers(db(), authorUid);
  logger.debug('follower_count', { author: authorUid, count, follow: event.params.followId });
});
