/**
 * The signed-in member's own rating and review of a book (the review form on the
 * book page): read with a query naming their uid (the rules let a member read only
 * their own reviews, and a get of a review that does not exist has no owner to
 * check, so it would be refused), and saved
 * or deleted through the saveReview / deleteReview callables, the only writers.
 */
import { collection, getDocs, limit, query, where } from 'firebase/firestore/lite';
import { BOOK_REVIEWS, reviewSchema, type Review, type ReviewForm } from '../../../domain/reviews/review.ts';
import { tryParseDoc } from '../../firestore-convert.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { memberDb } from '../shared/firestore.ts';
import type { SaveReviewResponse } from '../../../domain/reviews/review.ts';

/** `uid`'s review of `bookId`, or null when they have none (or it is unreadable). */
export async function getOwnReview(bookId: string, uid: string): Promise<Review | null> {
  const firestore = await memberDb();
  const snapshot = await getDocs(
    query(
      collection(firestore, BOOK_REVIEWS),
      where('user_id', '==', uid),
      where('book_id', '==', bookId),
      limit(1),
    ),
  );
  const found = snapshot.docs[0];
  return found ? tryParseDoc(reviewSchema, found) : null;
}

/** Saves the caller's rating and review of `bookId`; never throws. */
export function saveReview(bookId: string, form: ReviewForm): Promise<CallOutcome<SaveReviewResponse>> {
  return callFunction('saveReview', { bookId, ...form });
}

/** Deletes the caller's review of `bookId`; never throws. */
export function deleteReview(bookId: string): Promise<CallOutcome<{ id: string }>> {
  return callFunction('deleteReview', { bookId });
}
