// Keeps profiles/{uid}.follower_count equal to the number of follows of that
// author (members and email followers alike). Clients never write it (the profile
// rules leave follower_count out of every member and admin write); the triggers
// that call the recount on each follow made or ended are the members' analytics'
// (functions/src/members/follow-counts.ts), which also count the change in the
// author's day.
import type { Firestore } from 'firebase-admin/firestore';
import { FOLLOWER_COUNT_FIELD, FOLLOWS } from '../../../src/domain/follows/follows';

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
