// Applying a matched row is one transaction on the member's documents of that
// book (shelf entry, read-through, review) and fills gaps only, with ids made from
// the row, so a chunk processed twice, or the same file imported twice, changes
// nothing more. An imported review passes the burst guard of a review by hand
// (review-burst.ts).
import { Timestamp, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { NO_IMPORTED_FEEL, type ImportFeel, type ImportRow } from '../../../src/domain/imports/import-row';
import {
  IMPORT_PENDING_REVIEWS,
  MAX_IMPORTED_FINISHES_PER_BOOK,
  type ImportReason,
} from '../../../src/domain/imports/reading-import';
import { READ_THROUGHS, dayToDate, finishDeltas } from '../../../src/domain/shelves/reading';
import { BOOK_REVIEWS, REVIEW_DECISIONS, reviewId } from '../../../src/domain/reviews/review';
import { BOOK_SHELVES, shelfId } from '../../../src/domain/shelves/shelf';
import {
  BOOK_REVIEW_ACTIVITY,
  decideReviewSave,
  readActivity,
} from '../../../src/domain/reviews/review-burst';
import { isOwnerPublic, ownerVisibilityOf } from '../../../src/domain/accounts/visibility';
import { runTransactionWithRetry } from '../shared/firestore';
import { writeFinishDeltas } from '../shelves/reading';
import { reviewerFrom, updateTotals } from '../reviews/save-review';
import { keyOf } from './import-docs';
import { isReadableBook } from '../../../src/domain/accounts/visibility';
import { readersMarkOf } from '../../../src/domain/books/catalogue-book';

/** How a matched row's rating and review are treated. */
export type ReviewMode =
  /** Published as a review by hand would be, when the member may review now; else kept waiting for them. */
  | 'publish'
  /** Kept waiting for the member's word (a row kept for later, applied when its book came). */
  | 'wait';

/** Whether `day`'s finish of the book is already among `reads` (one finish per member, book and day). */
function finishedOnDay(reads: readonly DocumentSnapshot[], day: string): boolean {
  return reads.some((doc) => {
    const at = doc.get('finished_at') as unknown;
    return at instanceof Timestamp && at.toDate().toISOString().slice(0, 10) === day;
  });
}

/**
 * Writes a new review of `uid` for `book` in `tx` as a review by hand is written
 * (saveReview): through the burst guard on the book's counts and the member's
 * standing decision, shown only while the member and the book are public, with the
 * book's totals. The activity and decision were read in `tx`.
 */
export function writeReviewAsByHand(
  tx: Transaction,
  fs: Firestore,
  input: {
    uid: string;
    profile: DocumentSnapshot;
    book: DocumentSnapshot;
    rating: number;
    text: string;
    /** How the book felt (an import's moods, pace and warnings); none when absent. */
    feel?: ImportFeel;
    standing: DocumentSnapshot;
    activity: DocumentSnapshot;
  },
): 'published' | 'held' {
  const { uid, profile, book, rating, text, standing, activity } = input;
  const feel = input.feel ?? NO_IMPORTED_FEEL;
  const now = Timestamp.now();
  const created = profile.get('created_at');
  const decision = decideReviewSave(
    null,
    rating,
    standing.exists,
    readActivity(activity.data()),
    now.toMillis(),
    created instanceof Timestamp ? created.toDate() : null,
  );
  const moderation = decision.moderation;
  if (decision.activity) tx.set(activity.ref, { ...decision.activity, updated_at: now });
  const shown =
    moderation === 'published' &&
    isOwnerPublic(ownerVisibilityOf(profile.data())) &&
    isReadableBook(book.data());
  const fields = {
    book_id: book.id,
    book_title: String(book.get('title') ?? ''),
    user_id: uid,
    reviewer: reviewerFrom(profile.data()),
    rating,
    text,
    ...feel,
    spoiler: '',
    reviewer_public: shown,
    moderation,
    created_at: now,
    updated_at: now,
  };
  updateTotals(tx, book, null, fields);
  tx.create(fs.collection(BOOK_REVIEWS).doc(reviewId(book.id, uid)), fields);
  return moderation;
}

/**
 * Applies one matched row to `uid`'s reading of `book` (see the file comment):
 * returns 'own_book' when its rating or review was left out because the book is
 * the member's own, else null. Its rating and review are published as by hand
 * (`reviews` 'publish', and the member may review now: approved, active, with the
 * reviews feature, `mayReview`), else kept waiting for the member's word.
 */
export async function applyRow(
  fs: Firestore,
  uid: string,
  book: DocumentSnapshot,
  row: ImportRow,
  reviews: { mode: ReviewMode; mayReview: boolean },
): Promise<ImportReason | null> {
  const bookId = book.id;
  const title = String(book.get('title') ?? row.title);
  const own = book.get('user_id') === uid;
  return runTransactionWithRetry(fs, async (tx: Transaction) => {
    const entryRef = fs.collection(BOOK_SHELVES).doc(shelfId(bookId, uid));
    // A book the member did not finish has no finish to count, whatever date the row carries.
    const finishedRef =
      row.finished_on && row.shelf !== 'did-not-finish'
        ? fs.collection(READ_THROUGHS).doc(`import_${keyOf(`${uid}|${bookId}|${row.finished_on}`)}`)
        : null;
    const openRef = fs.collection(READ_THROUGHS).doc(`import_${keyOf(`${uid}|${bookId}|open`)}`);
    const reviewRef = fs.collection(BOOK_REVIEWS).doc(reviewId(bookId, uid));
    const pendingRef = fs.collection(IMPORT_PENDING_REVIEWS).doc(reviewId(bookId, uid));
    const wantsReview = row.rating !== null && !own;
    const [bookNow, entry, reads, review, pending, profile, standing, activity] = await Promise.all([
      tx.get(book.ref),
      tx.get(entryRef),
      // The member's read-throughs of this book (a handful): one finish a day, a few per import.
      finishedRef
        ? tx.get(
            fs
              .collection(READ_THROUGHS)
              .where('user_id', '==', uid)
              .where('book_id', '==', bookId)
              .limit(100),
          )
        : Promise.resolve(null),
      wantsReview ? tx.get(reviewRef) : Promise.resolve(null),
      wantsReview ? tx.get(pendingRef) : Promise.resolve(null),
      tx.get(fs.collection('profiles').doc(uid)),
      wantsReview
        ? tx.get(fs.collection(REVIEW_DECISIONS).doc(reviewId(bookId, uid)))
        : Promise.resolve(null),
      wantsReview ? tx.get(fs.collection(BOOK_REVIEW_ACTIVITY).doc(bookId)) : Promise.resolve(null),
    ]);
    const now = Timestamp.now();
    const shelf = row.shelf ?? (row.finished_on || row.rating !== null ? 'read' : null);
    const opensReading = !entry.exists && shelf === 'reading';
    // Reads above, writes below: the open read-through is read only when it may be written.
    const open = opensReading ? await tx.get(openRef) : null;
    if (!entry.exists && shelf !== null) {
      const added = row.added_on ? Timestamp.fromDate(dayToDate(row.added_on)) : now;
      tx.set(entryRef, {
        book_id: bookId,
        book_title: title,
        user_id: uid,
        shelf,
        book_public: isReadableBook(bookNow.data()),
        owned: row.owned,
        created_at: added,
        updated_at: now,
      });
      const mark = readersMarkOf(bookNow.data());
      if (mark) tx.update(bookNow.ref, mark);
    } else if (entry.exists && row.owned && entry.get('owned') !== true) {
      // A copy the import says the member owns is marked on the shelf they already chose; an import never unmarks one.
      tx.update(entryRef, { owned: true });
    }
    if (open && !open.exists)
      tx.set(openRef, {
        user_id: uid,
        book_id: bookId,
        book_title: title,
        started_at: row.started_on ? Timestamp.fromDate(dayToDate(row.started_on)) : null,
        finished_at: null,
        progress_page: null,
        progress_percent: null,
        updated_at: now,
      });
    const imported = reads?.docs.filter((doc) => doc.id.startsWith('import_')) ?? [];
    if (
      finishedRef &&
      reads &&
      row.finished_on &&
      !finishedOnDay(reads.docs, row.finished_on) &&
      imported.filter((doc) => doc.get('finished_at') instanceof Timestamp).length <
        MAX_IMPORTED_FINISHES_PER_BOOK
    ) {
      const finishedAt = dayToDate(row.finished_on);
      tx.set(finishedRef, {
        user_id: uid,
        book_id: bookId,
        book_title: title,
        started_at: row.started_on ? Timestamp.fromDate(dayToDate(row.started_on)) : null,
        finished_at: Timestamp.fromDate(finishedAt),
        progress_page: null,
        progress_percent: 100,
        updated_at: now,
      });
      writeFinishDeltas(tx, fs, uid, finishDeltas(null, finishedAt), now);
    }
    if (wantsReview && review && !review.exists && bookNow.exists && row.rating !== null) {
      const publishNow =
        reviews.mode === 'publish' &&
        reviews.mayReview &&
        isOwnerPublic(ownerVisibilityOf(profile.data())) &&
        isReadableBook(bookNow.data());
      if (publishNow && standing && activity) {
        writeReviewAsByHand(tx, fs, {
          uid,
          profile,
          book: bookNow,
          rating: row.rating,
          text: row.review,
          feel: row.feel,
          standing,
          activity,
        });
        if (pending?.exists) tx.delete(pendingRef);
      } else if (pending && !pending.exists)
        tx.set(pendingRef, {
          user_id: uid,
          book_id: bookId,
          book_title: title,
          rating: row.rating,
          review: row.review,
          feel: row.feel,
          status: 'waiting',
          created_at: now,
        });
    }
    return own && row.rating !== null ? 'own_book' : null;
  });
}
