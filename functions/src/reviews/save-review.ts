// Ratings and reviews (src/domain/reviews/review.ts): saveReview creates or edits the
// caller's review of a book, deleteReview removes it. They are the only writers
// of book_reviews and of the book's rating_count / rating_sum: the review and the
// totals change in one transaction, which reads both first, so concurrent saves,
// edits and deletions (the same member in two tabs included) each count exactly
// once, and a second rating by a member is an edit of the same document.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { changeKind, type DocChange, type Handler } from '../shared/collection-trigger';
import { Timestamp, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { bookCacheTag, profileCacheTag } from '../../../src/data/server/shared/cache-tags';
import { isBookIdShape } from '../../../src/domain/books/book-page';
import { parseDoc } from '../../../src/data/firestore-convert';
import { profileSchema } from '../../../src/domain/accounts/profile';
import { isOwnerPublic } from '../../../src/domain/accounts/visibility';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import {
  BOOK_REVIEWS,
  REVIEW_DECISIONS,
  REVIEW_MESSAGES,
  applyRatingChange,
  countedRating,
  deleteReviewRequestSchema,
  reviewId,
  saveReviewRequestSchema,
  type SaveReviewResponse,
} from '../../../src/domain/reviews/review';
import {
  applyFeelChange,
  countedFeel,
  emptyFeelTotals,
  feelTotalsOf,
} from '../../../src/domain/books/book-feel';
import {
  BOOK_REVIEW_ACTIVITY,
  decideReviewSave,
  readActivity,
  type ReviewBefore,
  type ReviewModeration,
} from '../../../src/domain/reviews/review-burst';
import { requireFeature } from '../billing/early-access';
import { chunk, db, MAX_BATCH_WRITES, readAll, runTransactionWithRetry } from '../shared/firestore';
import { guardedCall, type Caller } from '../shared/guard';
import { purgeCacheTags } from '../shared/cache-purge';
import { removeShelvesOfBook } from '../shelves/set-shelf';
import { isReadableBook } from '../../../src/domain/accounts/visibility';
import { readersMarkOf } from '../../../src/domain/books/catalogue-book';

/** A stored count that is not a whole number of zero or more reads as 0. */
function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/**
 * Applies the change of one member's review from `before` to `after` (the stored
 * fields; undefined or null: none) to the book's totals in `tx` (the book was read in
 * the same transaction): its rating totals and its feel (review-feel.ts), each counted
 * only while the review is shown, and written only from what the transaction read.
 */
export function updateTotals(
  tx: Transaction,
  book: DocumentSnapshot,
  before: Record<string, unknown> | undefined | null,
  after: Record<string, unknown> | undefined | null,
): void {
  const ratingAfter = countedRating(after ?? undefined);
  const totals = applyRatingChange(
    { rating_count: countOf(book.get('rating_count')), rating_sum: countOf(book.get('rating_sum')) },
    countedRating(before ?? undefined),
    ratingAfter,
  );
  const storedFeel: unknown = book.get('feel_totals');
  const feel = applyFeelChange(
    feelTotalsOf(storedFeel),
    countedFeel(before ?? undefined),
    countedFeel(after ?? undefined),
  );
  const feelChanged = JSON.stringify(feel) !== JSON.stringify(storedFeel ?? emptyFeelTotals());
  tx.update(book.ref, {
    ...totals,
    ...(feelChanged ? { feel_totals: feel } : null),
    ...(ratingAfter !== null ? readersMarkOf(book.data()) : null),
  });
}

/** The reviewer snapshot of the caller: the profile the guard read at this call. */
function reviewerOf(caller: Caller): { display_name: string; page_slug: string | null } {
  return reviewerFrom(caller.profile.data());
}

/** The reviewer snapshot of a profile's fields: its display name ('Member' when blank) and page slug. */
export function reviewerFrom(profile: Record<string, unknown> | undefined): {
  display_name: string;
  page_slug: string | null;
} {
  const name = profile?.display_name;
  const slug = profile?.page_slug;
  return {
    display_name: typeof name === 'string' && name.trim() !== '' ? name : 'Member',
    page_slug: typeof slug === 'string' && slug !== '' ? slug : null,
  };
}

/** When the caller's account was created (their profile's created_at), or null when unknown. */
function accountCreatedAt(caller: Caller): Date | null {
  const created: unknown = caller.profile.get('created_at');
  return created instanceof Timestamp ? created.toDate() : null;
}

/** Purges the pages a review change shows on: the book's page and the reviewer's profile. */
export async function purgeReviewPages(bookId: string, uid: string): Promise<void> {
  await purgeCacheTags([bookCacheTag(bookId), profileCacheTag(uid)]);
}

/**
 * Saves the caller's rating and review of a book. Request:
 * saveReviewRequestSchema; returns SaveReviewResponse. Errors: unauthenticated;
 * permission-denied (not a member in good standing, the feature switched off for
 * them, or their own book); invalid-argument; not-found (no such public book).
 */
export const saveReview = guardedCall(
  'member',
  async (request, caller): Promise<SaveReviewResponse> => {
    await requireFeature('reviews', caller.uid);
    const parsed = saveReviewRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const { bookId, rating, text, moods, pace, warnings, warning_note, spoiler } = parsed.data;
    if (!isBookIdShape(bookId)) throw new HttpsError('not-found', REVIEW_MESSAGES.notFound);
    const firestore = db();
    const id = reviewId(bookId, caller.uid);
    const outcome = await runTransactionWithRetry(firestore, async (tx) => {
      const bookRef = firestore.collection('books').doc(bookId);
      const reviewRef = firestore.collection(BOOK_REVIEWS).doc(id);
      const [book, review] = await readAll(tx, bookRef, reviewRef);
      // Only a book the public can see may be rated (a hidden book's page does not exist).
      if (!book.exists || !isReadableBook(book.data()))
        throw new HttpsError('not-found', REVIEW_MESSAGES.notFound);
      if (book.get('user_id') === caller.uid)
        throw new HttpsError('permission-denied', REVIEW_MESSAGES.ownBook);
      const now = Timestamp.now();
      const hiddenByModeration = review.exists && review.get('moderation_hidden') === true;
      const before: ReviewBefore | null = review.exists
        ? {
            moderation: review.get('moderation') === 'held' ? 'held' : 'published',
            rating: review.get('rating'),
            hidden: hiddenByModeration,
          }
        : null;
      let moderation: ReviewModeration = before?.moderation ?? 'published';
      // A new review, or a new rating on a shown one, passes the burst guard
      // (review-burst.ts) on the book's counts and the member's standing decision on
      // the book (a hidden or rejected review of theirs), both read in this
      // transaction (two more reads); other edits keep the status (decideReviewSave).
      if (
        before === null ||
        (before.moderation === 'published' && !before.hidden && before.rating !== rating)
      ) {
        const activityRef = firestore.collection(BOOK_REVIEW_ACTIVITY).doc(bookId);
        const [activity, standing] = await readAll(
          tx,
          activityRef,
          firestore.collection(REVIEW_DECISIONS).doc(id),
        );
        const decision = decideReviewSave(
          before,
          rating,
          standing.exists,
          readActivity(activity.data()),
          now.toMillis(),
          accountCreatedAt(caller),
        );
        moderation = decision.moderation;
        if (decision.activity) tx.set(activityRef, { ...decision.activity, updated_at: now });
      }
      const fields = {
        book_id: bookId,
        book_title: String(book.get('title') ?? ''),
        user_id: caller.uid,
        reviewer: reviewerOf(caller),
        rating,
        text,
        moods,
        pace,
        warnings,
        warning_note,
        spoiler,
        // The guard accepted the caller as a member in good standing: shown now, unless
        // the burst guard holds it or an admin hid it (editing undoes neither).
        reviewer_public: moderation !== 'held' && !hiddenByModeration,
        moderation,
        updated_at: now,
      };
      updateTotals(tx, book, review.data(), fields);
      if (review.exists) tx.update(reviewRef, fields);
      else tx.create(reviewRef, { ...fields, created_at: now });
      return { created: !review.exists, moderation };
    });
    // A held review is on no page: nothing to purge until it is released.
    if (outcome.moderation === 'published') await purgeReviewPages(bookId, caller.uid);
    logger.info('saveReview: saved', { book: bookId, by: caller.uid, ...outcome });
    return { id, ...outcome };
  },
  { signIn: REVIEW_MESSAGES.signIn, denied: REVIEW_MESSAGES.notAllowed },
);

/**
 * Removes `uid`'s review of `bookId` and takes its stars off the book's totals,
 * in one transaction. Returns false when there was no review.
 */
export async function removeReview(firestore: Firestore, bookId: string, uid: string): Promise<boolean> {
  const removed = await runTransactionWithRetry(firestore, async (tx) => {
    const bookRef = firestore.collection('books').doc(bookId);
    const reviewRef = firestore.collection(BOOK_REVIEWS).doc(reviewId(bookId, uid));
    const [book, review] = await readAll(tx, bookRef, reviewRef);
    if (!review.exists) return false;
    if (book.exists) updateTotals(tx, book, review.data(), null);
    tx.delete(reviewRef);
    return true;
  });
  if (removed) await purgeReviewPages(bookId, uid);
  return removed;
}

/**
 * Deletes the caller's review of a book, whatever the 'reviews' switch says.
 * Request: { bookId }; returns { id }. Errors: unauthenticated; permission-denied
 * (not a member in good standing); invalid-argument; not-found (no
 * review of theirs). Another member's review cannot be named: the id is built
 * from the caller's uid.
 */
export const deleteReview = guardedCall(
  'member',
  async (request, caller): Promise<{ id: string }> => {
    // No early-access check: a member may always remove what they wrote.
    const parsed = deleteReviewRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const { bookId } = parsed.data;
    if (!isBookIdShape(bookId) || !(await removeReview(db(), bookId, caller.uid)))
      throw new HttpsError('not-found', REVIEW_MESSAGES.noReview);
    logger.info('deleteReview: deleted', { book: bookId, by: caller.uid });
    return { id: reviewId(bookId, caller.uid) };
  },
  { signIn: REVIEW_MESSAGES.signIn, denied: REVIEW_MESSAGES.notAllowed },
);

/**
 * Removes every review `uid` wrote, each with its book's totals (account
 * deletion), a page at a time; safe to run again.
 */
export async function removeMemberReviews(firestore: Firestore, uid: string): Promise<void> {
  await deleteDecisions(firestore, 'user_id', uid);
  for (;;) {
    const page = await firestore
      .collection(BOOK_REVIEWS)
      .where('user_id', '==', uid)
      .select('book_id')
      .limit(100)
      .get();
    if (page.empty) return;
    for (const doc of page.docs) {
      const bookId = doc.get('book_id');
      // Only the callables write reviews, so book_id is the book's id; anything else has no totals to change.
      if (typeof bookId === 'string') await removeReview(firestore, bookId, uid);
      else await doc.ref.delete();
    }
  }
}

/** Deletes the standing review decisions of one book or one member, a batch at a time. */
async function deleteDecisions(
  firestore: Firestore,
  field: 'book_id' | 'user_id',
  value: string,
): Promise<void> {
  for (;;) {
    const page = await firestore
      .collection(REVIEW_DECISIONS)
      .where(field, '==', value)
      .limit(MAX_BATCH_WRITES)
      .get();
    if (page.empty) return;
    const batch = firestore.batch();
    page.docs.forEach((doc) => batch.delete(doc.ref));
    await batch.commit();
  }
}

/**
 * A deleted book takes its reviews, shelf entries, burst counts and moderation decisions with it (they would
 * otherwise stay in their members' profile lists, linking to a page that is
 * gone), a page at a time.
 */
export const removeReviewsOfDeletedBook: Handler = {
  name: 'reviews of a deleted book',
  retry: true,
  run: removeReviewsOf,
};

async function removeReviewsOf(change: DocChange): Promise<void> {
  if (changeKind(change) !== 'deleted') return;
  const firestore = db();
  await removeShelvesOfBook(firestore, change.id);
  await firestore.collection(BOOK_REVIEW_ACTIVITY).doc(change.id).delete();
  await deleteDecisions(firestore, 'book_id', change.id);
  const reviews = firestore.collection(BOOK_REVIEWS).where('book_id', '==', change.id);
  for (;;) {
    const page = await reviews.select('user_id').limit(200).get();
    if (page.empty) return;
    const batch = firestore.batch();
    page.docs.forEach((doc) => batch.delete(doc.ref));
    await batch.commit();
    await purgeCacheTags(
      [...new Set(page.docs.map((doc) => String(doc.get('user_id'))))].map(profileCacheTag),
    );
  }
}

const reviewerSource = profileSchema.pick({ is_active: true, approval_status: true });

/**
 * Brings one review's `reviewer_public` in line with its reviewer's profile, its
 * book's visibility, its moderation status (held by the burst guard) and its
 * moderation flag (hidden by an admin), and its book's totals with it, in one transaction (the review, the book and
 * the profile read first): a review of a member who is not public, held or hidden is
 * neither shown nor counted. Returns true when it changed anything.
 */
export async function refreshReviewVisibility(firestore: Firestore, reviewPath: string): Promise<boolean> {
  return firestore.runTransaction(async (tx) => {
    const review = await tx.get(firestore.doc(reviewPath));
    if (!review.exists) return false;
    const bookId = review.get('book_id');
    const uid = review.get('user_id');
    if (typeof bookId !== 'string' || typeof uid !== 'string') return false;
    const [book, profile] = await Promise.all([
      tx.get(firestore.collection('books').doc(bookId)),
      tx.get(firestore.collection('profiles').doc(uid)),
    ]);
    let reviewerPublic = false;
    if (profile.exists) {
      try {
        reviewerPublic = isOwnerPublic(parseDoc(reviewerSource, profile.id, profile.data(), 'profiles'));
      } catch (error) {
        logger.error('review visibility: reviewer profile unreadable, review hidden', {
          review: reviewPath,
          error,
        });
      }
    }
    // A held review stays hidden whatever its reviewer's standing, until a moderator
    // releases it; a review an admin hid (moderation_hidden) is not shown either,
    // nor one of a book that is not public (it comes back with the book).
    const shown =
      reviewerPublic &&
      isReadableBook(book.data()) &&
      review.get('moderation') !== 'held' &&
      review.get('moderation_hidden') !== true;
    if ((review.get('reviewer_public') !== false) === shown) return false;
    const next = { ...review.data(), reviewer_public: shown };
    if (book.exists) updateTotals(tx, book, review.data(), next);
    tx.update(review.ref, { reviewer_public: shown });
    return true;
  });
}

const standingFields = (data: Record<string, unknown> | undefined) =>
  data ? `${String(data.is_active)}|${String(data.approval_status)}` : 'none';
const nameFields = (data: Record<string, unknown> | undefined) =>
  data ? `${String(data.display_name)}|${String(data.page_slug)}` : 'none';

/**
 * When a member is deactivated, re-enabled, approved or denied, hides or shows
 * their reviews and takes their stars off (or puts them back on) each book's
 * totals, one transaction per review; when their name or page address changes,
 * rewrites the reviewer snapshot on their reviews. The books' pages are purged.
 */
export const reviewVisibilityOwner: Handler = {
  name: 'reviews of the member',
  // A deactivated or denied member's reviews must leave every page: retried until it succeeds.
  retry: true,
  run: refreshMembersReviews,
};

async function refreshMembersReviews({ id: uid, before, after }: DocChange): Promise<void> {
  // A new profile has no reviews yet; a deleted one's reviews go with the account
  // (the deletion's 'reviews' step), so only edits of a profile concern them.
  if (before === undefined || after === undefined) return;
  const standingChanged = standingFields(before) !== standingFields(after);
  const nameChanged = nameFields(before) !== nameFields(after);
  if (!standingChanged && !nameChanged) return;
  const firestore = db();
  const reviews = await firestore
    .collection(BOOK_REVIEWS)
    .where('user_id', '==', uid)
    .select('book_id')
    .get();
  if (reviews.empty) return;
  const touched = new Set<string>();
  if (standingChanged) {
    for (const doc of reviews.docs)
      if (await refreshReviewVisibility(firestore, doc.ref.path)) touched.add(String(doc.get('book_id')));
  }
  if (nameChanged) {
    const reviewer = reviewerFrom(after);
    for (const part of chunk(reviews.docs, MAX_BATCH_WRITES)) {
      const batch = firestore.batch();
      part.forEach((doc) => batch.update(doc.ref, { reviewer }));
      await batch.commit();
    }
    reviews.docs.forEach((doc) => touched.add(String(doc.get('book_id'))));
  }
  if (touched.size > 0) await purgeCacheTags([...touched].map(bookCacheTag));
  logger.debug('reviews of a member', { uid, reviews: reviews.size, books: touched.size });
}
