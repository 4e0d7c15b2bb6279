// What readers wrote about a book follows the book's visibility: when a book
// stops being public (its owner or a moderator hid it, or its owner stopped being
// public), its shelf entries (custom shelves' too) and reviews leave other
// members' profiles and every visitor's read, and when it is public again they
// come back. The entries carry book_public and the reviews reviewer_public (which already means "shown"); the
// profiles of the members whose lists changed are purged from the CDN.
//
// Runs on the books trigger and returns at once unless is_public changed, so an
// ordinary book edit costs nothing. The queries name only the entries still to
// change, so the write-back's second event (and any redelivery) finds none.
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import { profileCacheTag } from '../../../src/data/server/shared/cache-tags';
import { BOOK_REVIEWS } from '../../../src/domain/reviews/review';
import { CUSTOM_SHELF_BOOKS } from '../../../src/domain/shelves/custom-shelf';
import { BOOK_SHELVES } from '../../../src/domain/shelves/shelf';
import { MAX_BATCH_WRITES, db } from '../shared/firestore';
import { purgeCacheTags } from '../shared/cache-purge';
import type { DocChange, Handler } from '../shared/collection-trigger';
import { refreshReviewVisibility } from './save-review';
import { isReadableBook } from '../../../src/domain/accounts/visibility';

/** Sets book_public on every entry of `bookId` in `collection` (book_shelves or custom_shelf_books) that differs; returns the members whose entries changed. */
async function markShelfEntries(
  firestore: Firestore,
  collection: string,
  bookId: string,
  isPublic: boolean,
): Promise<string[]> {
  const members: string[] = [];
  const stale = firestore
    .collection(collection)
    .where('book_id', '==', bookId)
    .where('book_public', '==', !isPublic)
    .select('user_id')
    .limit(MAX_BATCH_WRITES);
  for (;;) {
    const page = await stale.get();
    if (page.empty) return members;
    const batch = firestore.batch();
    for (const doc of page.docs) {
      batch.update(doc.ref, { book_public: isPublic });
      members.push(String(doc.get('user_id')));
    }
    await batch.commit();
  }
}

/**
 * Brings the reviews of `bookId` that are shown while the book is hidden (or
 * not shown while it is public) in line, one transaction each, with the book's
 * totals; returns the reviewers whose reviews changed.
 */
async function refreshBookReviews(
  firestore: Firestore,
  bookId: string,
  isPublic: boolean,
): Promise<string[]> {
  const reviews = await firestore
    .collection(BOOK_REVIEWS)
    .where('book_id', '==', bookId)
    .where('reviewer_public', '==', !isPublic)
    .select('user_id')
    .get();
  const reviewers: string[] = [];
  for (const doc of reviews.docs)
    if (await refreshReviewVisibility(firestore, doc.ref.path)) reviewers.push(String(doc.get('user_id')));
  return reviewers;
}

async function followBookVisibility({ id, before, after }: DocChange): Promise<void> {
  // A new book has no readers yet; a deleted one's go with it (removeReviewsOfDeletedBook).
  if (before === undefined || after === undefined) return;
  const isPublic = isReadableBook(after);
  if (isReadableBook(before) === isPublic) return;
  const firestore = db();
  const [shelvers, customShelvers, reviewers] = await Promise.all([
    markShelfEntries(firestore, BOOK_SHELVES, id, isPublic),
    markShelfEntries(firestore, CUSTOM_SHELF_BOOKS, id, isPublic),
    refreshBookReviews(firestore, id, isPublic),
  ]);
  const members = [...new Set([...shelvers, ...customShelvers, ...reviewers])];
  if (members.length > 0) await purgeCacheTags(members.map(profileCacheTag));
  logger.debug('readers of a book', {
    book: id,
    public: isPublic,
    shelves: shelvers.length,
    custom_shelves: customShelvers.length,
    reviews: reviewers.length,
  });
}

/** Shelf entries and reviews follow their book's visibility (see the file comment). */
/** Retried until it succeeds: a hidden book's shelf entries and reviews must leave every page. */
export const bookReaders: Handler = { name: 'readers of the book', retry: true, run: followBookVisibility };
