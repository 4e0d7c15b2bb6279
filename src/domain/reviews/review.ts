/**
 * Ratings and reviews of books: a member rates a book 1 to 5 stars and may add a
 * review in the site's light markup.
 *
 * One document per member per book, book_reviews/{bookId}__{uid} (reviewId), so a
 * second rating by the same member is the same document, and two concurrent first
 * ratings collide on one id inside the saving transaction. The book page lists a
 * book's reviews with one indexed query (book_id, newest first); the profile page
 * lists a member's with another (user_id, newest first).
 *
 * Only the saveReview and deleteReview callables write reviews (Admin SDK): in the
 * same transaction they keep the book's `rating_count` and `rating_sum`, so the
 * average is exact under concurrent ratings, edits and deletions. A review of a
 * member who is not public (deactivated, not approved) is neither shown nor
 * counted: `reviewer_public`, kept with the totals by the reviewVisibilityOwner
 * trigger, as books follow their owner. A new review caught by the burst guard
 * (review-burst.ts) is stored with `moderation: 'held'` and `reviewer_public:
 * false`, so no public list, count or JSON-LD has it, until a moderator releases
 * it (functions/src/reviews/held-reviews.ts). The rules let a
 * member read only their own reviews; the pages read the rest on the server.
 */
import { z } from 'zod';
import { TEXT_LIMITS, idSchema, timestampSchema } from '../shared/common.ts';
import { lightMarkupToText, renderLightMarkup } from '../shared/light-markup.ts';
import { REVIEW_MODERATION, type ReviewModeration } from './review-burst.ts';
import { SPOILER_MAX, WARNING_NOTE_MAX, reviewFeelSchema } from '../books/book-feel.ts';

/** book_reviews/{reviewId}: one member's rating and review of one book. */
export const BOOK_REVIEWS = 'book_reviews';

/**
 * review_decisions/{reviewId}: a moderator's standing decision on one member's
 * review of one book, kept apart from the review so that it outlives it: 'hidden'
 * (an admin hid the review) or 'rejected' (an admin rejected it from the held
 * queue). While it exists, that member's new review of that book, or a change of
 * its rating, goes only into the held queue (decideReviewSave), so deleting a
 * hidden review and posting it again does not bring it back. Restoring or
 * releasing the review removes the decision; so does deleting the book or the
 * account. Only the functions read or write it (firestore.rules closes it).
 */
export const REVIEW_DECISIONS = 'review_decisions';
/** The decisions that outlive a review. */
export const REVIEW_DECISION_KINDS = ['hidden', 'rejected'] as const;
/** One standing decision. */
export const reviewDecisionSchema = z.object({
  book_id: idSchema,
  user_id: idSchema,
  decision: z.enum(REVIEW_DECISION_KINDS),
  decided_at: timestampSchema,
});

/** The fewest and most stars. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** Longest review text: the "medium" free text of every member text (about me, descriptions). */
export const REVIEW_TEXT_MAX = TEXT_LIMITS.medium;

/** Reviews per page on the book page (the profile shows its newest this many too). */
export const REVIEWS_PAGE_SIZE = 10;

/** The texts the review form and the callables answer with. */
export const REVIEW_MESSAGES = {
  ratingRequired: 'Please choose a rating from 1 to 5 stars.',
  textTooLong: `A review must be ${REVIEW_TEXT_MAX.toLocaleString('en-US')} characters or less.`,
  ownBook: 'You cannot rate your own book.',
  notFound: 'This book does not exist or is not available.',
  noReview: 'You have not reviewed this book.',
  signIn: 'Please sign in to rate this book.',
  notAllowed: 'Only approved members with a confirmed email address can rate books.',
  saved: 'Review saved',
  deleted: 'Review deleted',
  held: 'Your review is awaiting moderation. It will appear on this page once a moderator has looked at it.',
} as const;

/** The id of `uid`'s review of `bookId`: `{bookId}__{uid}`. */
export function reviewId(bookId: string, uid: string): string {
  return `${bookId}__${uid}`;
}

/** Stars: a whole number from 1 to 5. */
export const ratingSchema = z
  .number({ error: REVIEW_MESSAGES.ratingRequired })
  .int(REVIEW_MESSAGES.ratingRequired)
  .min(RATING_MIN, REVIEW_MESSAGES.ratingRequired)
  .max(RATING_MAX, REVIEW_MESSAGES.ratingRequired);

/** The review text as typed: trimmed, may be empty (a rating alone). */
export const reviewTextSchema = z.string().trim().max(REVIEW_TEXT_MAX, REVIEW_MESSAGES.textTooLong);

/** What the review form edits. */
export const reviewFormSchema = z.strictObject({
  /** 1–5 stars. */
  rating: ratingSchema,
  /** Optional review in light markup. */
  text: reviewTextSchema.default(''),
  /** How the book feels (src/domain/books/book-feel.ts): moods, pace, warnings with a note, a spoiler part. */
  ...reviewFeelSchema.shape,
});
/** The form's values after parsing. */
export type ReviewForm = z.output<typeof reviewFormSchema>;

/** saveReview's request: the book and the form. */
export const saveReviewRequestSchema = reviewFormSchema.extend({
  /** The reviewed book's id. */
  bookId: idSchema,
});
/** saveReview's request as sent. */
export type SaveReviewRequest = z.input<typeof saveReviewRequestSchema>;

/** deleteReview's request: the book whose review (the caller's) goes. */
export const deleteReviewRequestSchema = z.strictObject({ bookId: idSchema });

/** saveReview's answer. */
export interface SaveReviewResponse {
  /** The review's id. */
  id: string;
  /** True when this call created the review (false: an edit). */
  created: boolean;
  /** 'held' when the review waits for a moderator (the burst guard), else 'published'. */
  moderation: ReviewModeration;
}

/** Who wrote a review, as the pages show it (a snapshot taken at each save). */
export const reviewerSchema = z.object({
  /** The reviewer's display name. */
  display_name: z.string().max(TEXT_LIMITS.name),
  /** The reviewer's page slug, for /profile/{page_slug}. */
  page_slug: z.string().max(TEXT_LIMITS.slug).nullish(),
});

/** A stored review, book_reviews/{bookId}__{uid}. */
export const reviewSchema = z
  .object({
    /** Document id (reviewId). */
    id: idSchema,
    /** The reviewed book. */
    book_id: idSchema,
    /** The book's title when the review was last saved (the profile's list links it). */
    book_title: z.string().max(TEXT_LIMITS.title),
    /** The reviewer's uid. */
    user_id: idSchema,
    /** Snapshot of the reviewer's name and slug. */
    reviewer: reviewerSchema,
    /** 1–5 stars. */
    rating: ratingSchema,
    /**
     * The review is shown: its reviewer is public (active and approved,
     * src/domain/accounts/visibility.ts), its book is public, and it is neither held for
     * moderation nor hidden by an admin. Only then is it
     * listed and counted in the book's totals, and every public query filters on
     * it. Set when saved (false for a held review); kept by the
     * profiles and books triggers and the moderators' release.
     */
    reviewer_public: z.boolean().default(true),
    /**
     * 'held' while the burst guard holds it for a moderator (listed by
     * listHeldReviews, index moderation + created_at); absent or 'published' otherwise.
     */
    moderation: z.enum(REVIEW_MODERATION).default('published'),
    /**
     * Hidden by an admin from the moderation queue (adminModeration); only that
     * function writes it. A hidden review's reviewer_public is false (kept so by
     * refreshReviewVisibility and saveReview), so it is neither shown nor counted.
     */
    moderation_hidden: z.boolean().default(false),
    /** The review in light markup ('' for a rating alone); rendered only through renderReviewText. */
    text: z.string().max(REVIEW_TEXT_MAX).default(''),
    /** How the book felt to the reviewer (book-feel.ts); none on reviews from before they existed. */
    moods: reviewFeelSchema.shape.moods,
    pace: reviewFeelSchema.shape.pace,
    warnings: reviewFeelSchema.shape.warnings,
    warning_note: z.string().max(WARNING_NOTE_MAX).default(''),
    /** A part in light markup shown only when a reader opens it; rendered through renderReviewText. */
    spoiler: z.string().max(SPOILER_MAX).default(''),
    /** When the review was first saved: the order of the lists. */
    created_at: timestampSchema,
    /** When it was last edited. */
    updated_at: timestampSchema.nullish(),
    /** When a moderator released it (held reviews only). */
    moderated_at: timestampSchema.nullish(),
  })
  .describe('book_reviews');
/** A review. */
export type Review = z.infer<typeof reviewSchema>;

/** The reviewer's profile path, or null when the snapshot has no slug. */
export function reviewerPath(reviewer: z.infer<typeof reviewerSchema>): string | null {
  return reviewer.page_slug ? `/profile/${encodeURIComponent(reviewer.page_slug)}` : null;
}

/** A book's ratings as stored on the book: how many, and the sum of their stars. */
export interface RatingTotals {
  rating_count: number;
  rating_sum: number;
}

/**
 * The totals after one member's rating changed from `before` to `after` (null:
 * none), never below zero. Saves and deletions apply this inside the
 * transaction that writes the review, so each change is counted exactly once.
 */
export function applyRatingChange(
  totals: RatingTotals,
  before: number | null,
  after: number | null,
): RatingTotals {
  const count = totals.rating_count + (after === null ? 0 : 1) - (before === null ? 0 : 1);
  const sum = totals.rating_sum + (after ?? 0) - (before ?? 0);
  return { rating_count: Math.max(0, count), rating_sum: count <= 0 ? 0 : Math.max(0, sum) };
}

/** The stars a stored review adds to its book's totals: its rating while it is shown (reviewer public, not held), else none. */
export function countedRating(
  review: { rating?: unknown; reviewer_public?: unknown; moderation?: unknown } | undefined,
): number | null {
  if (!review || review.reviewer_public === false || review.moderation === 'held') return null;
  return typeof review.rating === 'number' && Number.isInteger(review.rating) ? review.rating : null;
}

/** The average stars to one decimal (4.25 → 4.3), or null without ratings. */
export function averageRating(totals: Partial<RatingTotals>): number | null {
  const count = totals.rating_count ?? 0;
  if (count <= 0) return null;
  return Math.round(((totals.rating_sum ?? 0) / count) * 10) / 10;
}

/** '4.3 out of 5 from 12 ratings' (or '1 rating'). */
export function ratingSummaryText(totals: Partial<RatingTotals>): string {
  const average = averageRating(totals);
  if (average === null) return 'No ratings yet';
  const count = totals.rating_count ?? 0;
  return `${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'rating' : 'ratings'}`;
}

/** Stars as text for sighted readers ('★★★★☆'); pages pair it with a screen-reader label. */
export function starsText(rating: number): string {
  const full = Math.max(0, Math.min(RATING_MAX, Math.round(rating)));
  return '★'.repeat(full) + '☆'.repeat(RATING_MAX - full);
}

/**
 * A review's text as safe HTML: the blog's light markup, every character escaped
 * and only fixed tags emitted (src/domain/shared/light-markup.ts), headings one level
 * below the review's own heading.
 */
export function renderReviewText(text: string): string {
  return renderLightMarkup(text, 'blog', { headingLevel: 3 });
}

/** A review as schema.org Review, for the book's JSON-LD. */
export function reviewJsonLd(review: Pick<Review, 'rating' | 'text' | 'reviewer' | 'created_at'>) {
  const body = lightMarkupToText(review.text, 'blog').trim();
  return {
    '@type': 'Review',
    reviewRating: {
      '@type': 'Rating',
      ratingValue: review.rating,
      bestRating: RATING_MAX,
      worstRating: RATING_MIN,
    },
    author: { '@type': 'Person', name: review.reviewer.display_name },
    datePublished: review.created_at.toISOString().slice(0, 10),
    ...(body ? { reviewBody: body } : {}),
  };
}

/** The book's schema.org AggregateRating, or null without ratings (then JSON-LD carries none). */
export function aggregateRatingJsonLd(totals: Partial<RatingTotals>) {
  const average = averageRating(totals);
  if (average === null) return null;
  return {
    '@type': 'AggregateRating',
    ratingValue: average,
    ratingCount: totals.rating_count,
    bestRating: RATING_MAX,
    worstRating: RATING_MIN,
  };
}
