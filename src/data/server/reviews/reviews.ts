// Ratings and reviews for the pages (src/domain/reviews/review.ts). The book page shows
// one page of a book's reviews, newest first: one indexed query (book_id,
// created_at desc) reading one review more than the page to know whether there is
// a next, plus one read of the cursor review for a later page. The average and
// count come with the book document itself, so no read per review beyond the
// page shown. Only shown reviews are listed (reviewer_public: the reviewer is
// public, kept by a trigger as books follow their owner, and the review is not
// held for moderation). The profile page shows a member's
// newest shown reviews (user_id, reviewer_public, created_at desc; held ones
// stay off). A review failing its schema is left out and logged.
import type { Firestore } from 'firebase-admin/firestore';
import {
  BOOK_REVIEWS,
  REVIEWS_PAGE_SIZE,
  reviewSchema,
  type Review,
} from '../../../domain/reviews/review.ts';
import { parseDocs, tryParseDoc } from '../../firestore-convert.ts';
import { cursorBatches } from '../shared/cursor-pages.ts';
import { getDb } from '../shared/firestore.ts';
import { meterQuery } from '../shared/read-meter.ts';

/** One page of a book's reviews. */
export interface ReviewsPage {
  /** Up to REVIEWS_PAGE_SIZE reviews, newest first. */
  reviews: Review[];
  /** The cursor (a review id) of the next page, when there is one. */
  nextCursor?: string;
  /** False when `after` named no review of this book (the first page is shown instead). */
  cursorFound: boolean;
}

/** The page of `bookId`'s reviews after the review `after` (the first page without it). */
export async function getBookReviews(
  bookId: string,
  after: string | undefined,
  db: Firestore = getDb(),
  size = REVIEWS_PAGE_SIZE,
): Promise<ReviewsPage> {
  const query = db
    .collection(BOOK_REVIEWS)
    .where('book_id', '==', bookId)
    .where('reviewer_public', '==', true)
    .orderBy('created_at', 'desc');
  const { cursorFound, fetchBatch } = await cursorBatches(
    db,
    BOOK_REVIEWS,
    query,
    after,
    (cursor) =>
      cursor.get('book_id') === bookId &&
      cursor.get('reviewer_public') === true &&
      cursor.get('created_at') !== undefined,
    (doc) => ({ id: doc.id, review: tryParseDoc(reviewSchema, doc) }),
  );
  const batch = await fetchBatch(cursorFound ? after : undefined, size + 1);
  const shown = batch.slice(0, size);
  const last = shown.at(-1);
  return {
    reviews: shown.flatMap((item) => (item.review ? [item.review] : [])),
    ...(batch.length > size && last ? { nextCursor: last.id } : {}),
    cursorFound,
  };
}

/** The member's newest reviews, at most `limit`. */
export async function getMemberReviews(
  uid: string,
  limit = REVIEWS_PAGE_SIZE,
  db: Firestore = getDb(),
): Promise<Review[]> {
  const snap = await db
    .collection(BOOK_REVIEWS)
    .where('user_id', '==', uid)
    .where('reviewer_public', '==', true)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .get();
  meterQuery(snap);
  // A review an admin hid, or one whose reviewer is not public, is not shown.
  return parseDocs(reviewSchema, snap.docs).filter((review) => review.reviewer_public);
}
