// The member side of following an author: one callable that follows, changes
// the alert mode, or unfollows, for the signed-in member only.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  DEFAULT_ALERT_MODE,
  FOLLOW_LIMITS_PER_MEMBER,
  FOLLOWS,
  FOLLOW_MESSAGES,
  followRequestSchema,
  memberFollowId,
  type AlertMode,
  type FollowRequest,
  type FollowResult,
} from '../../../src/domain/follows/follows';
import { isOwnerPublic } from '../../../src/domain/accounts/visibility';
import { consumeAttempt } from '../accounts/throttle';
import { requireFeature } from '../billing/early-access';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { followersOf } from './follower-count';

/** Refused: the author is missing or not public (only with follow: true), or is the member. */
export class FollowRefused extends Error {
  constructor(
    readonly code: 'not-found' | 'failed-precondition',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Applies `request` for member `uid` in one transaction: a follow is created
 * with the exact id memberFollowId(author, uid) and the strict field set of
 * followSchema, only of a public author (approved and active) other than the
 * member; following again keeps created_at and changes only the mode.
 * Unfollowing deletes the follow (a no-op when there is none), whatever the
 * author's state. Returns the follow's state and the author's follower count now.
 */
export async function applyFollow(
  firestore: Firestore,
  uid: string,
  request: FollowRequest,
): Promise<FollowResult> {
  const { authorUid, follow } = request;
  if (authorUid === uid) throw new FollowRefused('failed-precondition', FOLLOW_MESSAGES.self);
  const followRef = firestore.collection(FOLLOWS).doc(memberFollowId(authorUid, uid));
  const mode = await firestore.runTransaction(async (tx): Promise<AlertMode | null> => {
    const [author, existing] = await Promise.all([
      tx.get(firestore.collection('profiles').doc(authorUid)),
      tx.get(followRef),
    ]);
    if (!follow) {
      if (existing.exists) tx.delete(followRef);
      return null;
    }
    const owner = author.data();
    if (
      !author.exists ||
      !isOwnerPublic({ is_active: owner?.is_active === true, approval_status: owner?.approval_status })
    )
      throw new FollowRefused('not-found', FOLLOW_MESSAGES.notFound);
    const current = existing.get('mode') as AlertMode | undefined;
    const next = request.mode ?? current ?? DEFAULT_ALERT_MODE;
    if (!existing.exists)
      tx.create(followRef, {
        author_uid: authorUid,
        follower: { kind: 'member', uid },
        mode: next,
        created_at: FieldValue.serverTimestamp(),
      });
    else if (current !== next) tx.update(followRef, { mode: next });
    return next;
  });
  const followerCount = (await followersOf(firestore, authorUid).get()).data().count;
  return { following: mode !== null, mode, followerCount };
}

/**
 * Callable, members in good standing (verified, approved, active; the guard):
 * follow an author, change the alert mode (both behind the follows switch,
 * requireFeature), or unfollow. Request: FollowRequest.
 */
export const updateFollow = guardedCall('member', async (request, caller): Promise<FollowResult> => {
  const parsed = followRequestSchema.safeParse(request.data);
  if (!parsed.success) throw new HttpsError('invalid-argument', FOLLOW_MESSAGES.notFound);
  // Stopping is always allowed (as the mails' unsubscribe link is): only following and mode changes are behind the switch.
  if (parsed.data.follow) {
    await requireFeature('follows', caller.uid);
    await consumeAttempt(
      db(),
      [{ kind: 'follow-member', value: caller.uid, limits: FOLLOW_LIMITS_PER_MEMBER }],
      FOLLOW_MESSAGES.throttled,
    );
  }
  try {
    return await applyFollow(db(), caller.uid, parsed.data);
  } catch (error) {
    if (error instanceof FollowRefused) throw new HttpsError(error.code, error.message);
    logger.error('updateFollow failed', { uid: caller.uid, error: String(error) });
    throw new HttpsError('internal', FOLLOW_MESSAGES.failed);
  }
});
