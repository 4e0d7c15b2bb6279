import { HttpsError } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import * as logger from 'firebase-functions/logger';
import { FieldValue, Timestamp, type Firestore, type Query } from 'firebase-admin/firestore';
import {
  DELETE_FAILED_MESSAGE,
  DELETE_NOT_ALLOWED_MESSAGE,
  isStaleDeletion,
  pendingSteps,
  type AccountDeletionStep,
} from '../../../src/domain/accounts/account-deletion';
import { releaseMemberClaims } from '../books/author-claims';
import { AD_CONTACT_PATH } from '../../../src/domain/market/classified-ad';
import { AUTHOR_UPDATES, UPDATE_MAIL } from '../../../src/domain/updates/author-update';
import { FOLLOWS } from '../../../src/domain/follows/follows';
import { normalizeEmail } from '../../../src/domain/shared/common';
import { MEMBER_KEYED_COLLECTIONS, MEMBER_THROTTLE_KINDS } from '../../../src/domain/accounts/member-records';
import { removeSubscription } from '../editorial/subscribers';
import { deleteAccountRequestSchema } from '../../../src/domain/accounts/profile-edit';
import { describeIssue, isPathSafeId } from '../../../src/domain/accounts/profile-save';
import type { MediaStore } from '../../../src/data/server/media/media-store';
import { removeMemberUploads } from '../../../src/data/server/media/media-uploads';
import { chunk, db, MAX_IN_VALUES } from '../shared/firestore';
import { functionsMediaStore } from '../media/media';
import { endBilling } from '../billing/account-end';
import { adminAuth, authErrorCode } from '../shared/admin-auth';
import { PAGE_SLUGS } from '../accounts/page-slug';
import { guardedCall } from '../shared/guard';
import { throttleRef } from '../accounts/throttle';
import { removeMemberReviews } from '../reviews/save-review';
import { removeMemberShelves } from '../shelves/set-shelf';
import { removeMemberImports } from '../imports/remove-imports';
import {
  MODERATION_STANDING,
  STANDING_KINDS,
  standingId,
} from '../../../src/domain/shared/moderation-standing';
import { heldClaimRefs } from '../books/isbn-claims';
import { ACCOUNT_DELETIONS } from '../../../src/domain/accounts/account-deletion';

/** Documents deleted per batch (a batch holds at most 500 writes; the job update takes one). */
const PAGE_SIZE = 200;
/** Most stale jobs one sweep finishes. */
const SWEEP_LIMIT = 20;

/** What the steps work with. */
interface DeletionContext {
  firestore: Firestore;
  uid: string;
  media: MediaStore;
}

function jobRef(firestore: Firestore, uid: string) {
  return firestore.collection(ACCOUNT_DELETIONS).doc(uid);
}

/** Deletes every document `query` matches, a page at a time (ids only). */
async function deleteAll(firestore: Firestore, query: Query): Promise<void> {
  for (;;) {
    const page = await query.select().limit(PAGE_SIZE).get();
    if (page.empty) return;
    const batch = firestore.batch();
    page.docs.forEach((doc) => batch.delete(doc.ref));
    await batch.commit();
  }
}

/**
 * Deletes the member's books a page at a time. Before each page goes, the
 * featured_books slots showing one of its books are noted in the job, in the
 * same batch as the deletion, so the last step still knows them after the books
 * are gone (and a crash between the two cannot lose them). The ISBN claims the
 * books hold are released in the same batch.
 */
async function deleteBooks({ firestore, uid }: DeletionContext): Promise<void> {
  const books = firestore.collection('books').where('user_id', '==', uid);
  for (;;) {
    const page = await books.select('isbn').limit(PAGE_SIZE).get();
    if (page.empty) return;
    const ids = page.docs.map((doc) => doc.id);
    // The ISBNs the books hold go free with them (a claim of another book stays).
    const claims = await heldClaimRefs(
      firestore,
      page.docs.map((doc) => ({ id: doc.id, isbn: doc.get('isbn') })),
    );
    const featured = await Promise.all(
      chunk(ids, MAX_IN_VALUES).map((part) =>
        firestore.collection('featured_books').where('book_id', 'in', part).get(),
      ),
    );
    const featuredIds = featured.flatMap((snapshot) =>
      snapshot.docs.map((doc) => String(doc.get('book_id'))),
    );
    const batch = firestore.batch();
    if (featuredIds.length > 0)
      batch.update(jobRef(firestore, uid), { featured_book_ids: FieldValue.arrayUnion(...featuredIds) });
    page.docs.forEach((doc) => batch.delete(doc.ref));
    claims.forEach((ref) => batch.delete(ref));
    await batch.commit();
  }
}

/** Deletes the member's classified ads a page at a time, each with its member-only contact details in the same batch. */
async function deleteAds({ firestore, uid }: DeletionContext): Promise<void> {
  const ads = firestore.collection('classified_ads').where('user_id', '==', uid);
  for (;;) {
    const page = await ads
      .select()
      .limit(PAGE_SIZE / 2)
      .get();
    if (page.empty) return;
    const batch = firestore.batch();
    for (const doc of page.docs) {
      batch.delete(doc.ref.collection(AD_CONTACT_PATH.collection).doc(AD_CONTACT_PATH.doc));
      batch.delete(doc.ref);
    }
    await batch.commit();
  }
}

/** Clears the home-page slots of the member and of their (noted) books. */
async function deleteFeatured({ firestore, uid }: DeletionContext): Promise<void> {
  await deleteAll(firestore, firestore.collection('featured_profiles').where('user_id', '==', uid));
  const noted = (await jobRef(firestore, uid).get()).get('featured_book_ids');
  const bookIds = Array.isArray(noted) ? noted.filter((id): id is string => typeof id === 'string') : [];
  for (const part of chunk(bookIds, MAX_IN_VALUES)) {
    await deleteAll(firestore, firestore.collection('featured_books').where('book_id', 'in', part));
  }
}

/** The follows a visitor made by email with `email` (confirmed through the double opt-in). */
export function emailFollowsOf(firestore: Firestore, email: string) {
  return firestore
    .collection(FOLLOWS)
    .where('follower.kind', '==', 'email')
    .where('follower.email', '==', normalizeEmail(email));
}

/** What each step does; every one is a no-op when its data is already gone. */
const STEPS: Record<AccountDeletionStep, (context: DeletionContext) => Promise<void>> = {
  async auth({ firestore, uid }) {
    try {
      // A visitor newsletter subscription and email follows of the member's address go with the
      // account. They are found by the address, which only the Auth user knows: removed before
      // the user is deleted. Only a verified address is the member's: anyone can sign up with
      // another person's address, so an unverified one touches nothing tied to it.
      const { email, emailVerified } = await adminAuth().getUser(uid);
      if (email && emailVerified) {
        await removeSubscription(firestore, email);
        await deleteAll(firestore, emailFollowsOf(firestore, email));
      }
      await adminAuth().deleteUser(uid);
    } catch (error) {
      if (authErrorCode(error) !== 'auth/user-not-found') throw error;
    }
  },
  billing: ({ firestore, uid }) => endBilling(firestore, uid),
  async profile({ firestore, uid }) {
    // With its private records (profiles/{uid}/private/*), and the member's analytics (member_stats/{uid}/days/*).
    await firestore.recursiveDelete(firestore.collection('profiles').doc(uid));
    await firestore.recursiveDelete(firestore.doc(`member_stats/${uid}`));
  },
  page_slugs: ({ firestore, uid }) =>
    deleteAll(firestore, firestore.collection(PAGE_SLUGS).where('uid', '==', uid)),
  async reviews({ firestore, uid }) {
    await removeMemberReviews(firestore, uid);
    await removeMemberShelves(firestore, uid);
    // The member's imports of their history and the rows not on Shelfmark yet.
    await removeMemberImports(firestore, uid);
    // Moderators' standing decisions about the member's updates and ads, as their review decisions go.
    await Promise.all(
      STANDING_KINDS.map((kind) =>
        firestore.collection(MODERATION_STANDING).doc(standingId(uid, kind)).delete(),
      ),
    );
  },
  async books(context) {
    await deleteBooks(context);
    // The catalogue books the member claimed stay, released (author-claim.ts).
    await releaseMemberClaims(context.firestore, context.uid);
  },
  products_services: ({ firestore, uid }) =>
    deleteAll(firestore, firestore.collection('products_services').where('user_id', '==', uid)),
  classified_ads: deleteAds,
  async media({ firestore, media, uid }) {
    // The files first, then their records and the member's allowance: a crash between leaves records
    // for files already gone, which the next run (or the orphan clean-up) removes.
    await media.removeFolder(uid);
    await removeMemberUploads(firestore, uid);
  },
  featured: deleteFeatured,
  async follows({ firestore, uid }) {
    const follows = firestore.collection(FOLLOWS);
    await deleteAll(
      firestore,
      follows.where('follower.kind', '==', 'member').where('follower.uid', '==', uid),
    );
    await deleteAll(firestore, follows.where('author_uid', '==', uid));
    // What the member wrote to their followers goes with the follows of them, and so do its mail
    // records (which name follows, not addresses).
    await deleteAll(firestore, firestore.collection(AUTHOR_UPDATES).where('user_id', '==', uid));
    const mails = await firestore.collection(UPDATE_MAIL).where('author_uid', '==', uid).select().get();
    for (const mail of mails.docs) await firestore.recursiveDelete(mail.ref);
  },
  async member_records({ firestore, uid }) {
    const batch = firestore.batch();
    MEMBER_KEYED_COLLECTIONS.forEach((collection) => batch.delete(firestore.collection(collection).doc(uid)));
    MEMBER_THROTTLE_KINDS.forEach((kind) => batch.delete(throttleRef(firestore, { kind, value: uid })));
    await batch.commit();
  },
};

/**
 * Records the job unless it exists (a retry keeps the first request's record).
 * Returns true when this call recorded it, false when a job was already there.
 */
export async function recordDeletion(
  firestore: Firestore,
  uid: string,
  requestedBy: string,
): Promise<boolean> {
  const ref = jobRef(firestore, uid);
  return firestore.runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) return false;
    const now = FieldValue.serverTimestamp();
    // completed_at: null (not absent) so the sweep's query for open jobs finds it.
    tx.create(ref, {
      uid,
      requested_by: requestedBy,
      requested_at: now,
      updated_at: now,
      steps_done: [],
      featured_book_ids: [],
      completed_at: null,
    });
    return true;
  });
}

/**
 * Runs the job's pending steps in order, marking each done as it finishes, then
 * the job complete. Safe to run again at any point, and by anyone holding the
 * Admin SDK: the member is not needed once the job is recorded.
 */
export async function finishDeletion(
  firestore: Firestore,
  uid: string,
  media: MediaStore = functionsMediaStore(),
): Promise<void> {
  const ref = jobRef(firestore, uid);
  const job = await ref.get();
  if (!job.exists) throw new Error(`no deletion job for ${uid}`);
  if (job.get('completed_at')) return;
  const done = job.get('steps_done');
  for (const step of pendingSteps(Array.isArray(done) ? done : [])) {
    await STEPS[step]({ firestore, uid, media });
    await ref.update({ steps_done: FieldValue.arrayUnion(step), updated_at: FieldValue.serverTimestamp() });
    logger.info('deleteAccount: step done', { uid, step });
  }
  await ref.update({ completed_at: FieldValue.serverTimestamp(), updated_at: FieldValue.serverTimestamp() });
}

/** Finishes unfinished jobs that stopped moving (their call crashed or timed out); returns the uids it finished. */
export async function finishStaleDeletions(
  firestore: Firestore,
  now = Date.now(),
  media?: MediaStore,
): Promise<string[]> {
  const open = await firestore
    .collection(ACCOUNT_DELETIONS)
    .where('completed_at', '==', null)
    .limit(SWEEP_LIMIT * 5)
    .get();
  const stale = open.docs
    .filter((doc) => {
      const time = (field: string) =>
        doc.get(field) instanceof Timestamp ? (doc.get(field) as Timestamp).toDate() : null;
      return isStaleDeletion(
        {
          requested_at: time('requested_at') ?? new Date(0),
          updated_at: time('updated_at'),
          completed_at: null,
        },
        now,
      );
    })
    .slice(0, SWEEP_LIMIT);
  const finished: string[] = [];
  for (const doc of stale) {
    try {
      await finishDeletion(firestore, doc.id, media);
      finished.push(doc.id);
    } catch (error) {
      logger.error('deleteAccount sweep: a job failed again', { uid: doc.id, error });
    }
  }
  return finished;
}

/**
 * Deletes an account: the member's own, or anyone's for an admin.
 * Request: { userId }. Returns { deleted: true }, also when it was already
 * deleted. Errors: unauthenticated; invalid-argument; permission-denied
 * (DELETE_NOT_ALLOWED_MESSAGE); internal (DELETE_FAILED_MESSAGE) when a step
 * failed: calling again (the member within the hour their ID token still
 * lives, or an admin) or the sweep finishes the job.
 */
export const deleteAccount = guardedCall(
  'session',
  async (request, caller): Promise<{ deleted: true }> => {
    const parsed = deleteAccountRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const { userId } = parsed.data;
    if (!isPathSafeId(userId)) throw new HttpsError('invalid-argument', 'UserId: not a user id');
    if (caller.uid !== userId && !caller.admin)
      throw new HttpsError('permission-denied', DELETE_NOT_ALLOWED_MESSAGE);

    const firestore = db();
    await recordDeletion(firestore, userId, caller.uid);
    try {
      await finishDeletion(firestore, userId);
    } catch (error) {
      logger.error('deleteAccount: a step failed; the job stays open for a retry or the sweep', {
        uid: userId,
        error,
      });
      throw new HttpsError('internal', DELETE_FAILED_MESSAGE);
    }
    logger.info('deleteAccount: deleted', { uid: userId, by: caller.uid });
    return { deleted: true };
  },
  { signIn: 'Please sign in to delete your profile.', call: { timeoutSeconds: 540 } },
);

/**
 * Every 15 minutes, finishes deletions whose call stopped midway (a crash or a
 * timeout), so an account is fully removed even when nobody calls again: the
 * member cannot, once their Auth user is gone.
 */
export const finishAccountDeletions = onSchedule('every 15 minutes', async () => {
  const finished = await finishStaleDeletions(db());
  if (finished.length > 0) logger.info('deleteAccount sweep: finished', { uids: finished });
});
