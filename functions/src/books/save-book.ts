// How a book saves and deletes, as one entry of the owned-item kinds
// (functions/src/kinds/item-kinds.ts, whose saveBook and deleteBook run it through
// the one save path, functions/src/items/owned-items.ts): what a book must parse as,
// what it derives from its owner, and the claims it keeps. An ISBN and a series are
// claimed in the save's transaction, because a claim checked apart from the write
// could be taken by another book in between; a deleted book leaves the home page's
// featured slots in the same transaction, so no slot names a missing book.
import { HttpsError } from 'firebase-functions/v2/https';
import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { bookWriteSchema } from '../../../src/domain/books/book';
import { seriesIssue } from '../../../src/domain/books/catalogue';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import { staleDerivedFields } from './book-derived';
import { claimIsbnsInTransaction, releaseClaimsInTransaction } from './isbn-claims';
import { withSeriesClaim } from './series-claims';
import type { ItemKind } from '../items/owned-items';

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
