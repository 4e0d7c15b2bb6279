// The standing moderation decisions on reviews (review_decisions, src/domain/reviews/review.ts):
// written in the transaction of the decision that makes them, so a decision and its
// record never part. saveReview reads them; the book's and the account's deletion
// remove them (save-review.ts).
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { REVIEW_DECISIONS, reviewDecisionSchema, reviewId } from '../../../src/domain/reviews/review';

/** Records that a moderator hid or rejected `uid`'s review of `bookId`. */
export function recordReviewDecision(
  tx: Transaction,
  firestore: Firestore,
  bookId: string,
  uid: string,
  decision: 'hidden' | 'rejected',
): void {
  tx.set(
    firestore.collection(REVIEW_DECISIONS).doc(reviewId(bookId, uid)),
    reviewDecisionSchema.parse({ book_id: bookId, user_id: uid, decision, decided_at: new Date() }),
  );
}

/** Removes the decision on `uid`'s review of `bookId`: a moderator restored or released it. */
export function clearReviewDecision(
  tx: Transaction,
  firestore: Firestore,
  bookId: string,
  uid: string,
): void {
  tx.delete(firestore.collection(REVIEW_DECISIONS).doc(reviewId(bookId, uid)));
}
