import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { logger } from 'firebase-functions';
import type { Firestore } from 'firebase-admin/firestore';
import { chunk, db, MAX_BATCH_WRITES } from './firestore';
import { authorFromProfile, storedAuthor, type Author } from './book-fields';

/** True when the two snapshots differ in anything a book shows (name or page link). */
export function authorChanged(before: Author | undefined, after: Author | undefined): boolean {
  if (before === undefined || after === undefined) return before !== after;
  return (
    before.display_name !== after.display_name || (before.page_slug ?? null) !== (after.page_slug ?? null)
  );
}

/** The book fields that decide whether its author snapshot must be (re)filled. */
export type BookAuthorFields = { user_id?: unknown; author?: unknown };

/**
 * True when a book write leaves the book without its owner's snapshot: created
 * without author, or moved to another user (the old snapshot names the old owner).
 */
export function bookNeedsAuthor(
  before: BookAuthorFields | undefined,
  after: BookAuthorFields | undefined,
): boolean {
  if (after === undefined || typeof after.user_id !== 'string') return false;
  if (after.author === undefined || after.author === null) return true;
  return before !== undefined && before.user_id !== after.user_id;
}

/** Writes `author` into every book of `uid` whose snapshot differs; returns how many were updated. */
export async function propagateAuthor(firestore: Firestore, uid: string, author: Author): Promise<number> {
  const books = await firestore.collection('books').where('user_id', '==', uid).get();
  const stale = books.docs.filter((book) => authorChanged(storedAuthor(book.get('author')), author));
  for (const part of chunk(stale, MAX_BATCH_WRITES)) {
    const batch = firestore.batch();
    for (const book of part) batch.update(book.ref, { author });
    await batch.commit();
  }
  return stale.length;
}

/**
 * Copies the owner's current snapshot into one book, inside a transaction so a
 * book deleted or moved meanwhile is not resurrected or mislabelled.
 */
export async function fillBookAuthor(firestore: Firestore, bookId: string): Promise<Author | undefined> {
  const bookRef = firestore.collection('books').doc(bookId);
  return firestore.runTransaction(async (tx) => {
    const book = await tx.get(bookRef);
    const uid = book.get('user_id');
    if (!book.exists || typeof uid !== 'string') return undefined;
    const profile = await tx.get(firestore.collection('profiles').doc(uid));
    if (!profile.exists) return undefined;
    const author = authorFromProfile(uid, profile.data());
    if (author === undefined || !authorChanged(storedAuthor(book.get('author')), author)) return undefined;
    tx.update(bookRef, { author });
    return author;
  });
}

/**
 * When a member renames themself or changes their page address, rewrites the
 * books.author snapshot on their books, so book lists need no join at read time.
 * A deleted profile leaves its books alone: deleting the account removes them.
 */
export const authorSnapshot = onDocumentWritten('profiles/{uid}', async (event) => {
  const { uid } = event.params;
  const before = authorFromProfile(uid, event.data?.before.data());
  const after = authorFromProfile(uid, event.data?.after.data());
  if (after === undefined || !authorChanged(before, after)) return;
  const updated = await propagateAuthor(db(), uid, after);
  logger.debug('author snapshot', { uid, updated });
});

/** Fills books.author from the owner's profile when a book is created without it or changes owner. */
export const bookAuthor = onDocumentWritten('books/{bookId}', async (event) => {
  if (!bookNeedsAuthor(event.data?.before.data(), event.data?.after.data())) return;
  const author = await fillBookAuthor(db(), event.params.bookId);
  logger.debug('book author filled', { book: event.params.bookId, author });
});
