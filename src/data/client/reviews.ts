/**
 * The signed-in member's own rating and review of a book (the review form on the
 * book page): read by id, which the rules allow for the reviewer only, and saved
 * or deleted through the saveReview / deleteReview callables, the only writers.
 */
import { doc, getDoc } from 'firebase/firestore/lite';
import { BOOK_REVIEWS, reviewId, reviewSchema, type Review, type ReviewForm } from '../../domain/review.ts';
import { tryParseDoc } from '../firestore-convert.ts';
import { callFunction, type CallOutcome } from './callable.ts';
import { db } from './profiles.ts';
import type { SaveReviewResponse } from '../../domain/review.ts';

/** `uid`'s review of `bookId`, or null when they have none (or it is unreadable). */
export async function getOwnReview(bookId: string, uid: string): Promise<Review | null> {
  const snapshot = await getDoc(doc(db(), BOOK_REVIEWS, reviewId(bookId, uid)));
  return snapshot.exists() ? tryParseDoc(reviewSchema, snapshot) : null;
}

/** Saves the caller's rating and review of `bookId`; never throws. */
export function saveReview(bookId: string, form: ReviewForm): Promise<CallOutcome<SaveReviewResponse>> {
  return callFunction('saveReview', { bookId, ...form });
}

/** Deletes the caller's review of `bookId`; never throws. */
export function deleteReview(bookId: string): Promise<CallOutcome<{ id: string }>> {
  return callFunction('deleteReview', { bookId });
}
