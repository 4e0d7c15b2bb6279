// Shelves (src/domain/shelves/shelf.ts): setShelf puts a book on one of the caller's
// shelves, moves it, or takes it off (shelf: null), starting and finishing
// read-throughs on the way (reading.ts). With updateReading, the only writer of
// book_shelves; the id is built from the caller's uid, so nobody can name another
// member's entry.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type Firestore, type Query } from 'firebase-admin/firestore';
import { profileCacheTag } from '../../../src/data/server/shared/cache-tags';
import { isBookIdShape } from '../../../src/domain/books/book-page';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import {
  BOOK_SHELVES,
  SHELF_LIMITS_PER_MEMBER,
  SHELF_MESSAGES,
  setShelfRequestSchema,
  shelfId,
  type Shelf,
} from '../../../src/domain/shelves/shelf';
import { consumeAttempt } from '../accounts/throttle';
import { requireFeature } from '../billing/early-access';
import { db, runTransactionWithRetry } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { purgeCacheTags } from '../shared/cache-purge';
import { removeBookFromCustomShelves, removeMemberCustomShelves } from './custom-shelves';
import { removeMemberReading, removeReadingOfBook, shelfReading } from './reading';
import { isReadableBook } from '../../../src/domain/accounts/visibility';
import { readersMarkOf } from '../../../src/domain/books/catalogue-book';

/**
 * Puts the caller's copy of a book on a shelf (or none). Request:
 * setShelfRequestSchema; returns { shelf }. Errors: unauthenticated;
 * permission-denied (not a member in good standing, or shelving with the feature
 * off for them; removing is always allowed);
 * invalid-argument; not-found (no such public book, when shelving);
 * resource-exhausted (too many changes, SHELF_LIMITS_PER_MEMBER).
 */
export const setShelf = guardedCall(
  'member',
  async (request, caller): Promise<{ shelf: Shelf | null; owned: boolean }> => {
    const parsed = setShelfRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const { bookId, shelf, owned } = parsed.data;
    // Shelving follows the 'reviews' switch; taking a book off a shelf is always allowed.
    if (shelf !== null) await requireFeature('reviews', caller.uid);
    if (!isBookIdShape(bookId)) throw new HttpsError('not-found', SHELF_MESSAGES.notFound);
    const firestore = db();
    await consumeAttempt(
      firestore,
      [{ kind: 'shelf-member', value: caller.uid, limits: SHELF_LIMITS_PER_MEMBER }],
      SHELF_MESSAGES.throttled,
    );
    const ref = firestore.collection(BOOK_SHELVES).doc(shelfId(bookId, caller.uid));
    // Only a book the public can see may be shelved (a hidden book's page does
    // not exist); taking a book off a shelf is always allowed, even once the book
    // is hidden. The book and the entry are read in the transaction that writes
    // the entry and its read-throughs (reading.ts), so a book hidden meanwhile
    // either refuses the shelving or finds the entry when the books trigger marks
    // its entries (bookReaders), and a double click cannot open two read-throughs.
    const shelved = await runTransactionWithRetry(
      firestore,
      async (tx): Promise<{ owned: boolean } | false> => {
        const [book, entry] = await Promise.all([
          tx.get(firestore.collection('books').doc(bookId)),
          tx.get(ref),
        ]);
        if (shelf !== null && (!book.exists || !isReadableBook(book.data()))) return false;
        const ownedNow = shelf !== null && (owned ?? entry.get('owned') === true);
        const previous = (entry.get('shelf') as Shelf | undefined) ?? null;
        const reading = await shelfReading(firestore, tx, {
          uid: caller.uid,
          bookId,
          bookTitle: String(book.get('title') ?? entry.get('book_title') ?? ''),
          previous,
          next: shelf,
          entryProgress: {
            progress_page: (entry.get('progress_page') as number | null | undefined) ?? null,
            progress_percent: (entry.get('progress_percent') as number | null | undefined) ?? null,
          },
        });
        reading.write();
        const mark = shelf === null ? null : readersMarkOf(book.data());
        if (mark) tx.update(book.ref, mark);
        if (shelf === null) tx.delete(ref);
        else
          tx.set(ref, {
            book_id: bookId,
            book_title: String(book.get('title') ?? ''),
            user_id: caller.uid,
            shelf,
            book_public: true,
            owned: ownedNow,
            ...reading.progress,
            updated_at: Timestamp.now(),
          });
        return { owned: ownedNow };
      },
    );
    if (!shelved) throw new HttpsError('not-found', SHELF_MESSAGES.notFound);
    await purgeCacheTags([profileCacheTag(caller.uid)]);
    logger.info('setShelf', { book: bookId, by: caller.uid, shelf, owned });
    return { shelf, owned: shelved.owned };
  },
  { signIn: SHELF_MESSAGES.signIn, denied: SHELF_MESSAGES.notAllowed },
);

/** Removes every shelf entry, custom shelf (with its books), read-through and reading year of `uid` (account deletion), a page at a time; safe to run again. */
export async function removeMemberShelves(firestore: Firestore, uid: string): Promise<void> {
  await deleteEvery(firestore, firestore.collection(BOOK_SHELVES).where('user_id', '==', uid));
  await removeMemberCustomShelves(firestore, uid);
  await removeMemberReading(firestore, uid);
}

/** Deletes every document `query` finds, a page of 200 at a time. */
async function deleteEvery(firestore: Firestore, query: Query): Promise<string[]> {
  const users: string[] = [];
  for (;;) {
    const page = await query.select('user_id').limit(200).get();
    if (page.empty) return users;
    const batch = firestore.batch();
    page.docs.forEach((doc) => {
      batch.delete(doc.ref);
      users.push(String(doc.get('user_id')));
    });
    await batch.commit();
  }
}

/**
 * A deleted book leaves every shelf it was on, custom shelves included (the
 * profile would otherwise list a link to a page that is gone), with its
 * read-throughs and their finishes in the years' counts; the shelvers' and
 * readers' profile pages are purged.
 */
export async function removeShelvesOfBook(firestore: Firestore, bookId: string): Promise<void> {
  const shelvers = await deleteEvery(
    firestore,
    firestore.collection(BOOK_SHELVES).where('book_id', '==', bookId),
  );
  const users = [
    ...shelvers,
    ...(await removeBookFromCustomShelves(firestore, bookId)),
    ...(await removeReadingOfBook(firestore, bookId)),
  ];
  if (users.length > 0) await purgeCacheTags([...new Set(users)].map(profileCacheTag));
}
