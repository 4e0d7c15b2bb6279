// Reviews held by the burst guard (src/domain/reviews/review-burst.ts): the moderation
// queue's side of them. saveReview stores a held review with
// `moderation: 'held'` and `reviewer_public: false`, so it is on no page, in no
// count and in no JSON-LD, and its writer's form says it is awaiting moderation.
// The admin callable adminHeldReviews (functions/src/admin/held-reviews.ts,
// which checks the admin and writes the audit log) lists them with
// listHeldReviews and decides each with releaseHeldReview or rejectHeldReview.
// These functions check nothing about the caller.
import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { parseDoc, parseDocs } from '../../../src/data/firestore-convert';
import { profileSchema } from '../../../src/domain/accounts/profile';
import { BOOK_REVIEWS, reviewId, reviewSchema, type Review } from '../../../src/domain/reviews/review';
import { BOOK_REVIEW_ACTIVITY, readActivity, withPublished } from '../../../src/domain/reviews/review-burst';
import { isOwnerPublic } from '../../../src/domain/accounts/visibility';
import { clearReviewDecision, recordReviewDecision } from './review-decisions';
import { purgeReviewPages, updateTotals } from './save-review';

/**
 * Writes what must commit with a decision (the admin's audit entry) in the
 * deciding transaction, given the held review as it was decided; runs only when
 * the review was still held.
 */
export type OnDecided = (tx: Transaction, review: DocumentSnapshot) => void;

/** Held reviews the queue shows at most at once. */
export const HELD_REVIEWS_PAGE = 50;

/**
 * The held reviews, oldest first (one indexed query: moderation == 'held',
 * created_at asc), at most `limit`, after the review `afterId` when given (the
 * queue's next page). A document failing the schema is left out and logged.
 */
export async function listHeldReviews(
  firestore: Firestore,
  limit = HELD_REVIEWS_PAGE,
  afterId?: string,
): Promise<Review[]> {
  let query = firestore
    .collection(BOOK_REVIEWS)
    .where('moderation', '==', 'held')
    .orderBy('created_at', 'asc')
    .limit(limit);
  if (afterId) {
    const after = await firestore.collection(BOOK_REVIEWS).doc(afterId).get();
    if (after.exists && after.get('moderation') === 'held') query = query.startAfter(after);
  }
  return parseDocs(reviewSchema, (await query.get()).docs);
}

/**
 * Publishes `uid`'s held review of `bookId`: in one transaction it becomes
 * 'published', shown again if its reviewer is public now, its stars join the
 * book's totals, and it counts as published today in the book's burst counts.
 * The book's and reviewer's pages are purged. Returns false when there is no
 * held review (already decided, edited away or deleted): nothing changes.
 * `onDecided` adds its writes to the same transaction.
 */
export async function releaseHeldReview(
  firestore: Firestore,
  bookId: string,
  uid: string,
  onDecided?: OnDecided,
): Promise<boolean> {
  const released = await firestore.runTransaction(async (tx) => {
    const reviewRef = firestore.collection(BOOK_REVIEWS).doc(reviewId(bookId, uid));
    const activityRef = firestore.collection(BOOK_REVIEW_ACTIVITY).doc(bookId);
    const [review, book, profile, activity] = await Promise.all([
      tx.get(reviewRef),
      tx.get(firestore.collection('books').doc(bookId)),
      tx.get(firestore.collection('profiles').doc(uid)),
      tx.get(activityRef),
    ]);
    if (!review.exists || review.get('moderation') !== 'held') return false;
    let reviewerPublic = false;
    if (profile.exists) {
      try {
        reviewerPublic = isOwnerPublic(
          parseDoc(
            profileSchema.pick({ is_active: true, approval_status: true }),
            uid,
            profile.data(),
            'profiles',
          ),
        );
      } catch (error) {
        logger.error('releaseHeldReview: reviewer profile unreadable, review kept hidden', { uid, error });
      }
    }
    const now = Timestamp.now();
    // Shown and counted from now on, unless its reviewer is not public or an admin hid it.
    const fields = {
      moderation: 'published' as const,
      reviewer_public: reviewerPublic && review.get('moderation_hidden') !== true,
    };
    if (book.exists) updateTotals(tx, book, review.data(), { ...review.data(), ...fields });
    tx.set(activityRef, { ...withPublished(readActivity(activity.data()), now.toMillis()), updated_at: now });
    tx.update(reviewRef, { ...fields, moderated_at: now });
    clearReviewDecision(tx, firestore, bookId, uid);
    onDecided?.(tx, review);
    return true;
  });
  if (released) await purgeReviewPages(bookId, uid);
  return released;
}

/**
 * Rejects `uid`'s held review of `bookId`: it is deleted (it was never shown nor
 * counted, so no totals or pages change) and the rejection is recorded, so the
 * member's next review of the book is held too. Returns false when there is no
 * held review. `onDecided` adds its writes to the same transaction.
 */
export async function rejectHeldReview(
  firestore: Firestore,
  bookId: string,
  uid: string,
  onDecided?: OnDecided,
): Promise<boolean> {
  return firestore.runTransaction(async (tx) => {
    const reviewRef = firestore.collection(BOOK_REVIEWS).doc(reviewId(bookId, uid));
    const review = await tx.get(reviewRef);
    if (!review.exists || review.get('moderation') !== 'held') return false;
    tx.delete(reviewRef);
    // The rejection outlives the review: the member's next review of the book is held.
    recordReviewDecision(tx, firestore, bookId, uid, 'rejected');
    onDecided?.(tx, review);
    return true;
  });
}
