/**
 * The held reviews' part of the admin dashboard's Reports section: reviews the
 * burst guard (review-burst.ts) holds with `moderation: 'held'` wait here, oldest
 * first, until an admin releases or rejects them through the adminHeldReviews
 * callable (admins only; every decision in the audit log with the admin, the
 * review and the reason):
 * - release: the review is published, shown if its reviewer is public, and its
 *   stars join the book's totals (functions/src/reviews/held-reviews.ts); the
 *   reason is optional;
 * - reject: the review is deleted, as if never written (its writer's form is empty
 *   again and they may write a new one, which meets the guard again); the reason
 *   is required, since it is the only record of why a reader's words went.
 * A review no longer held (decided by another admin, deleted by its writer) is
 * answered `decided: false`, never an error, so a repeated click is harmless.
 */
import { z } from 'zod';
import { idSchema } from '../shared/common.ts';
import { lightMarkupToText } from '../shared/light-markup.ts';
import { REPORT_NOTE_MAX, sanitizeReportNote } from '../reports/report.ts';
import { reviewerPath, type Review } from '../reviews/review.ts';

/** Held reviews one page of the list shows (the queue's next page follows the last one's id). */
export const HELD_REVIEWS_LIST_PAGE = 20;

/** The texts the section and the callable answer with. */
export const HELD_REVIEW_MESSAGES = {
  empty: 'No reviews are waiting for moderation.',
  rejectReason: 'Please give a reason for rejecting this review.',
  reasonTooLong: `Please keep the reason under ${REPORT_NOTE_MAX} characters.`,
  notWaiting:
    'This review is no longer waiting for moderation: another admin decided it, or its writer changed or deleted it.',
  released: 'The review is published.',
  rejected: 'The review was rejected and deleted.',
} as const;

/** The admin's optional reason for a release: plain text like a report note, '' for none. */
export const releaseReasonSchema = z
  .string()
  .max(REPORT_NOTE_MAX * 2, HELD_REVIEW_MESSAGES.reasonTooLong)
  .transform(sanitizeReportNote)
  .pipe(z.string().max(REPORT_NOTE_MAX, HELD_REVIEW_MESSAGES.reasonTooLong))
  .default('');

/** The admin's reason for a rejection: required, plain text like a report note. */
export const rejectReasonSchema = z
  .string({ error: HELD_REVIEW_MESSAGES.rejectReason })
  .max(REPORT_NOTE_MAX * 2, HELD_REVIEW_MESSAGES.reasonTooLong)
  .transform(sanitizeReportNote)
  .pipe(
    z
      .string()
      .min(1, HELD_REVIEW_MESSAGES.rejectReason)
      .max(REPORT_NOTE_MAX, HELD_REVIEW_MESSAGES.reasonTooLong),
  );

/** A document id as Firestore and Auth make them (no slashes, no '__' separator confusion). */
const docId = idSchema.regex(/^[A-Za-z0-9_-]+$/, 'Not a document id');

/** The held review an action is about: its book and its writer (the review is book_reviews/{bookId}__{uid}). */
const reviewTarget = { bookId: docId, uid: docId };

/** adminHeldReviews' request: a page of the list, or a decision on one review. */
export const adminHeldReviewsRequestSchema = z.discriminatedUnion('action', [
  /** The held reviews, oldest first; `after` is the last review id of the previous page. */
  z.strictObject({ action: z.literal('list'), after: idSchema.optional() }),
  z.strictObject({ action: z.literal('release'), ...reviewTarget, reason: releaseReasonSchema }),
  z.strictObject({ action: z.literal('reject'), ...reviewTarget, reason: rejectReasonSchema }),
]);
/** adminHeldReviews' request as sent. */
export type AdminHeldReviewsRequest = z.input<typeof adminHeldReviewsRequestSchema>;
/** A decision on one held review. */
export type HeldReviewDecision = 'release' | 'reject';

/** A held review as the section shows it. */
export interface HeldReviewEntry {
  /** The review's id, {bookId}__{uid}. */
  id: string;
  /** The reviewed book. */
  bookId: string;
  /** The book's title when the review was saved. */
  bookTitle: string;
  /** The book's page. */
  bookPath: string;
  /** The writer's uid. */
  uid: string;
  /** The writer's display name when the review was saved. */
  reviewerName: string;
  /** The writer's profile page, or null without a slug. */
  reviewerPath: string | null;
  /** 1–5 stars. */
  rating: number;
  /** The review as plain text (light markup markers removed; '' for a rating alone); shown only as React text. */
  text: string;
  /** When it was written, ISO 8601. */
  createdAt: string;
}

/** adminHeldReviews' answer: a page of the list, or whether the decision was taken. */
export type AdminHeldReviewsResponse =
  | {
      /** This page, oldest first. */
      reviews: HeldReviewEntry[];
      /** The cursor of the next page (the last review's id), null after the last page. */
      next: string | null;
      /** How many reviews are held now, all pages together. */
      waiting: number;
    }
  | {
      /** The decision asked for. */
      action: HeldReviewDecision;
      /** False when the review was no longer held (nothing changed, nothing logged). */
      decided: boolean;
    };

/** A held review as the section shows it. */
export function heldReviewEntryOf(review: Review): HeldReviewEntry {
  return {
    id: review.id,
    bookId: review.book_id,
    bookTitle: review.book_title,
    bookPath: `/book/${encodeURIComponent(review.book_id)}`,
    uid: review.user_id,
    reviewerName: review.reviewer.display_name,
    reviewerPath: reviewerPath(review.reviewer),
    rating: review.rating,
    text: lightMarkupToText(review.text, 'blog').trim(),
    createdAt: review.created_at.toISOString(),
  };
}

/** 'Review of "Tides" by Rae (4/5)': how the audit log names a review, as the Reports queue does. */
export function heldReviewTitle(review: Pick<Review, 'book_title' | 'reviewer' | 'rating'>): string {
  return `Review of "${review.book_title}" by ${review.reviewer.display_name || 'a member'} (${review.rating}/5)`;
}

/** '3 reviews are waiting for moderation.' (or '1 review is …'). */
export function waitingText(count: number): string {
  return count === 1
    ? '1 review is waiting for moderation.'
    : `${count.toLocaleString('en-US')} reviews are waiting for moderation.`;
}
