// The book editor's callables (book page, profile page): saveBook creates or
// replaces a book's editable fields, deleteBook removes it and its home-page
// slots. Both go through functions/src/items/owned-items.ts (owner or admin, plan
// limit on create), the one save path of every owned item.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { bookWriteSchema } from '../../../src/domain/books/book';
import { seriesIssue } from '../../../src/domain/books/catalogue';
import { saveBookRequestSchema, type SaveItemResponse } from '../../../src/domain/items/item-save';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { staleDerivedFields } from './book-derived';
import { claimIsbnsInTransaction, releaseClaimsInTransaction } from './isbn-claims';
import { withSeriesClaim } from './series-claims';
import {
  deleteItemCallable,
  itemCaller,
  removeUpload,
  saveOwnedItem,
  type ItemKind,
} from '../items/owned-items';

/** A book's stored ISBN-13, or null (the book as stored, or null when there is none yet). */
function isbnOf(book: Record<string, unknown> | null): string | null {
  return typeof book?.isbn === 'string' && book.isbn !== '' ? book.isbn : null;
}

/** How books are stored. */
export const BOOK_ITEM: ItemKind = {
  collection: 'books',
  limit: 'books',
  imageField: 'cover_image',
  createDefaults: {},
  check(written) {
    const parsed = bookWriteSchema.safeParse(written);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    // The book as it will be stored (the save's fields over the stored ones), so a
    // number sent alone cannot leave a book numbered in no series.
    const series = seriesIssue(parsed.data);
    if (series) throw new HttpsError('invalid-argument', `Series number: ${series}`);
  },
  ownerDerived: staleDerivedFields,
  // An ISBN names one book: the save takes the new ISBN's claim (refused when another
  // book holds it) and releases the old one, in the same transaction.
  // A series belongs to its first author: a book moving into a series no one holds claims it (series-claims.ts).
  onSave: withSeriesClaim((tx, firestore, { id, ownerUid, before, after }) =>
    claimIsbnsInTransaction(tx, firestore, [
      { bookId: id, userId: ownerUid, before: isbnOf(before), after: isbnOf(after) },
    ]),
  ),
  async onDelete(tx: Transaction, firestore: Firestore, id: string, existing: DocumentSnapshot) {
    // A deleted book leaves the home page's featured slots and its ISBN's claim in the same transaction.
    const slots = await tx.get(firestore.collection('featured_books').where('book_id', '==', id));
    const claims = await releaseClaimsInTransaction(tx, firestore, [{ id, isbn: existing.get('isbn') }]);
    return () => {
      slots.docs.forEach((slot) => tx.delete(slot.ref));
      claims();
    };
  },
};

/**
 * Creates (no bookId) or saves a book. Request: saveBookRequestSchema; returns
 * saveItemResponseSchema. Errors: unauthenticated; invalid-argument ('<field>:
 * <message>'); permission-denied (not the owner or an admin, an owner not
 * verified, approved and active, admin fields from a member); not-found;
 * resource-exhausted (LIMIT_MESSAGES.books); already-exists (ISBN_MESSAGES.taken:
 * another book on the site holds the ISBN, isbn-claims.ts).
 */
export const saveBook = guardedCall(
  'session',
  async (request, guard): Promise<SaveItemResponse> => {
    const caller = itemCaller(guard);
    const parsed = saveBookRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const { bookId, userId, book, admin } = parsed.data;
    const saved = await saveOwnedItem(db(), BOOK_ITEM, caller, { id: bookId, userId, fields: book, admin });
    await removeUpload(saved.oldUpload, { book: saved.id });
    logger.info('saveBook: saved', { book: saved.id, by: caller.uid, created: saved.created });
    return { id: saved.id, updated_at: saved.updatedAt.toISOString() };
  },
  { signIn: 'Please sign in to save.' },
);

/** Deletes a book and its home-page slots (owner or admin); see deleteItemCallable. */
export const deleteBook = deleteItemCallable(BOOK_ITEM, { callable: 'deleteBook', key: 'book' });
