// An author's updates to their followers (src/domain/updates/author-update.ts):
// postAuthorUpdate writes one, deleteAuthorUpdate removes one. Only these
// functions write author_updates. A post is one transaction: the caller is a
// member in good standing (the guard), a book it points at is the caller's own,
// and the caller's plan allows one more in its window (Site Settings'
// author_update_limits: Free members a few in any 30 days, Premium members a few
// in any 24 hours). The count is of updates posted, not of updates still stored:
// the member's lock document (plan_locks/{uid}) keeps the record of their posts
// (`author_update_posts`), read and appended to in the post's transaction, so two
// posts at once cannot both take the last one, and a deletion, which never
// touches the record, gives nothing back (posting, letting the mail go and
// deleting, again and again, would otherwise mail the followers without end).
// An author under a moderator's standing decision on their updates
// (moderation_standing, src/domain/shared/moderation-standing.ts, read in the same
// transaction) posts held: not shown nor mailed until a moderator releases it or
// the decision's period ends; the answer says so (`held`).
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  AUTHOR_UPDATES,
  UPDATE_MESSAGES,
  authorUpdateWriteSchema,
  deleteAuthorUpdateRequestSchema,
  UPDATE_POSTS_FIELD,
  mayPostUpdate,
  postAuthorUpdateRequestSchema,
  postsInWindow,
  updateAllowance,
  updateLimitsOf,
  updatePostsOf,
  withUpdatePost,
  type PostAuthorUpdateResponse,
} from '../../../src/domain/updates/author-update';
import type { SubscriptionStatus } from '../../../src/domain/accounts/profile';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import { toPlainData } from '../../../src/data/firestore-convert';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { requireFeature } from '../billing/early-access';
import { PLAN_LOCKS_COLLECTION } from '../items/plan-limit';
import { purgeCacheTags } from '../shared/cache-purge';
import { profileCacheTag } from '../../../src/data/server/shared/cache-tags';
import { decideHeldSave } from '../../../src/domain/shared/moderation-standing';
import { holdOf, standingRef } from '../shared/moderation-hold';

/**
 * Posts an update of the caller's. Errors: unauthenticated; permission-denied (not
 * a member in good standing, or a book that is not theirs); invalid-argument (the
 * form's first message); resource-exhausted (the plan's limit, saying which).
 */
export const postAuthorUpdate = guardedCall(
  'member',
  async (request, caller): Promise<PostAuthorUpdateResponse> => {
    const parsed = postAuthorUpdateRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const { title, body, book_id } = parsed.data;
    await requireFeature('author_updates', caller.uid);
    const firestore = db();
    const plan: SubscriptionStatus =
      caller.profile.get('subscription_status') === 'premium' ? 'premium' : 'free';
    const ref = firestore.collection(AUTHOR_UPDATES).doc();
    const posted = await firestore.runTransaction(async (tx) => {
      const now = new Date();
      const settings = await tx.get(firestore.doc('site_settings/main'));
      const allowance = updateAllowance(plan, updateLimitsOf(settings.get('author_update_limits')), now);
      const lockRef = firestore.collection(PLAN_LOCKS_COLLECTION).doc(caller.uid);
      const [lock, recent, book, standing] = await Promise.all([
        tx.get(lockRef),
        tx.get(
          firestore
            .collection(AUTHOR_UPDATES)
            .where('user_id', '==', caller.uid)
            .where('created_at', '>=', Timestamp.fromDate(allowance.since))
            .select()
            .limit(allowance.allowed + 1),
        ),
        book_id ? tx.get(firestore.doc(`books/${book_id}`)) : Promise.resolve(null),
        tx.get(standingRef(firestore, caller.uid, 'update')),
      ]);
      // What the record says was posted in the window, and any stored update it lacks (posted before it was kept).
      const posts = updatePostsOf(toPlainData(lock.get(UPDATE_POSTS_FIELD)));
      const counted = postsInWindow(
        allowance,
        posts,
        recent.docs.map((doc) => doc.id),
      );
      if (!mayPostUpdate(allowance, counted)) throw new HttpsError('resource-exhausted', allowance.refusal);
      if (book && (!book.exists || book.get('user_id') !== caller.uid))
        throw new HttpsError('permission-denied', UPDATE_MESSAGES.notYourBook);
      // A moderator's standing decision on the author's updates holds this one for moderation.
      const hold = decideHeldSave(holdOf(standing, settings, now), 'new', false);
      const update = {
        user_id: caller.uid,
        author_slug:
          typeof caller.profile.get('page_slug') === 'string' ? caller.profile.get('page_slug') : null,
        title,
        body,
        book: book ? { id: book.id, title: String(book.get('title')).slice(0, 200) } : null,
        moderation_hidden: false,
        moderation_held: hold.moderation_held,
        held_until: hold.held_until ? Timestamp.fromDate(hold.held_until) : null,
        created_at: Timestamp.fromDate(now),
      };
      const checked = authorUpdateWriteSchema.safeParse({
        ...update,
        held_until: hold.held_until,
        created_at: now,
      });
      if (!checked.success) throw new HttpsError('invalid-argument', describeIssue(checked.error));
      const record = withUpdatePost(posts, { id: ref.id, at: now }, now).map((post) => ({
        id: post.id,
        at: Timestamp.fromDate(post.at),
      }));
      tx.set(
        lockRef,
        { author_updates: FieldValue.serverTimestamp(), [UPDATE_POSTS_FIELD]: record },
        { merge: true },
      );
      tx.create(ref, update);
      return { now, held: hold.moderation_held };
    });
    // The author's profile page and feed show it now, not when the CDN's copy ages out.
    await purgeCacheTags([profileCacheTag(caller.uid)]);
    logger.info('postAuthorUpdate: posted', { update: ref.id, by: caller.uid, held: posted.held });
    return { id: ref.id, created_at: posted.now.toISOString(), held: posted.held };
  },
  { signIn: 'Please sign in to post an update.' },
);

/** Deletes an update: its author (while signed in) or an admin. The record of posts keeps it (it still counts). */
export const deleteAuthorUpdate = guardedCall(
  'session',
  async (request, caller): Promise<{ id: string }> => {
    const parsed = deleteAuthorUpdateRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const firestore = db();
    const ref = firestore.collection(AUTHOR_UPDATES).doc(parsed.data.id);
    const author = await firestore.runTransaction(async (tx) => {
      const stored = await tx.get(ref);
      if (!stored.exists) throw new HttpsError('not-found', UPDATE_MESSAGES.notFound);
      if (!caller.admin && stored.get('user_id') !== caller.uid)
        throw new HttpsError('permission-denied', UPDATE_MESSAGES.notAllowed);
      tx.delete(ref);
      return String(stored.get('user_id'));
    });
    await purgeCacheTags([profileCacheTag(author)]);
    logger.info('deleteAuthorUpdate: deleted', { update: ref.id, by: caller.uid });
    return { id: ref.id };
  },
  { signIn: 'Please sign in to delete an update.' },
);
