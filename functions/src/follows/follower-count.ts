// Keeps profiles/{uid}.follower_count equal to the number of follows of that
// author (members and email followers alike). Clients never write it (the
// profile rules leave it out of every member and admin write).
import { onDocumentCreated, onDocumentDeleted } from 'firebase-functions/v2/firestore';
import * as logger from 'firebase-functions/logger';
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

/** Recounts the followers of the author a created or deleted follow names. */
async function recountFor(authorUid: unknown, followId: string): Promise<void> {
  if (typeof authorUid !== 'string' || authorUid === '') return;
  const count = await recountFollowers(db(), authorUid);
  logger.debug('follower_count', { author: authorUid, count, follow: followId });
}

// Created and deleted, never written: the count changes only when a follow comes or
// goes, and a follow is updated often for nothing the count cares about (its mode, the
// daily alert cap's last_alert, books waiting for the digest), which would otherwise
// wake a function each time.
/** On every follow created: recount the author's followers. */
export const followerCountOnCreate = onDocumentCreated(`${FOLLOWS}/{followId}`, (event) =>
  recountFor(event.data?.get('author_uid'), event.params.followId),
);

/** On every follow deleted: recount the author's followers. */
export const followerCountOnDelete = onDocumentDeleted(`${FOLLOWS}/{followId}`, (event) =>
  recountFor(event.data?.get('author_uid'), event.params.followId),
);
