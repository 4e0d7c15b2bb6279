// The ISBN claims' callable (src/domain/admin/admin-isbn-claims.ts): an admin looks
// an ISBN up (the book holding it, other books still carrying it) or moves its
// claim to another book to settle a dispute. A move, in one transaction: the new
// book carries the ISBN and holds its claim, the book that held it has its ISBN
// cleared, the new book's previous ISBN is released, and the audit entry names
// both books. Admins only (guardedCall).
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  adminIsbnClaimsRequestSchema,
  ISBN_CLAIM_MESSAGES,
  ISBN_OTHERS_LIMIT,
  type AdminIsbnClaimsResponse,
  type IsbnBook,
} from '../../../src/domain/admin/admin-isbn-claims';
import { claimHolds } from '../../../src/domain/books/isbn-claim';
import { nextUpdatedAt } from '../../../src/domain/accounts/profile-save';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { db, millisOf } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { claimRef } from '../books/isbn-claims';
import { auditInTransaction } from '../shared/audit';

/** A book as the section shows it. */
function bookOf(snap: DocumentSnapshot): IsbnBook {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: snap.id,
    title: text(snap.get('title')),
    userId: text(snap.get('user_id')),
    authorName: text(snap.get('author.display_name')) || null,
  };
}

/** The book holding `isbn` (null: free) and up to ISBN_OTHERS_LIMIT other books carrying it. */
export async function lookUpIsbn(firestore: Firestore, isbn: string): Promise<AdminIsbnClaimsResponse> {
  const claim = await claimRef(firestore, isbn).get();
  const bookId: unknown = claim.get('book_id');
  const book =
    claim.exists && typeof bookId === 'string' ? await firestore.collection('books').doc(bookId).get() : null;
  const holder =
    book &&
    claimHolds(isbn, { book_id: book.id }, book.exists ? { isbn: book.get('isbn') as string } : undefined)
      ? book
      : null;
  const carrying = await firestore
    .collection('books')
    .where('isbn', '==', isbn)
    .limit(ISBN_OTHERS_LIMIT + 1)
    .get();
  return {
    isbn,
    holder: holder ? bookOf(holder) : null,
    others: carrying.docs
      .filter((doc) => doc.id !== holder?.id)
      .slice(0, ISBN_OTHERS_LIMIT)
      .map(bookOf),
  };
}

/** Moves the claim of `isbn` to the book `bookId` for the admin `actorUid`; see the file comment. */
export async function moveIsbnClaim(
  firestore: Firestore,
  actorUid: string,
  isbn: string,
  bookId: string,
): Promise<void> {
  const books = firestore.collection('books');
  await firestore.runTransaction(async (tx) => {
    const [claim, target] = await tx.getAll(claimRef(firestore, isbn), books.doc(bookId));
    if (!target!.exists) throw new HttpsError('not-found', ISBN_CLAIM_MESSAGES.bookNotFound);
    const heldBy: unknown = claim!.get('book_id');
    const holder =
      claim!.exists && typeof heldBy === 'string' && heldBy !== bookId
        ? await tx.get(books.doc(heldBy))
        : null;
    const holderHolds =
      holder !== null &&
      claimHolds(
        isbn,
        { book_id: holder.id },
        holder.exists ? { isbn: holder.get('isbn') as string } : undefined,
      );
    const targetHolds = heldBy === bookId && target!.get('isbn') === isbn;
    if (targetHolds) return;
    // The new book's previous ISBN, and the claim it held.
    const previous: unknown = target!.get('isbn');
    const previousClaim =
      typeof previous === 'string' && previous !== isbn ? await tx.get(claimRef(firestore, previous)) : null;

    const stamp = (snap: DocumentSnapshot) =>
      Timestamp.fromMillis(nextUpdatedAt(Date.now(), millisOf(snap.get('updated_at'))));
    const owner = String(target!.get('user_id'));
    if (holderHolds) tx.update(holder.ref, { isbn: null, updated_at: stamp(holder) });
    if (previousClaim?.get('book_id') === bookId) tx.delete(previousClaim.ref);
    tx.update(target!.ref, { isbn, updated_at: stamp(target!) });
    tx.set(claimRef(firestore, isbn), { book_id: bookId, user_id: owner, claimed_at: Timestamp.now() });
    auditInTransaction(tx, firestore, {
      actorUid,
      action: 'isbn-claim-move',
      targetUid: owner,
      before: {
        isbn,
        book_id: holderHolds ? holder.id : null,
        book_title: holderHolds ? (holder.get('title') ?? null) : null,
        user_id: holderHolds ? (holder.get('user_id') ?? null) : null,
        new_book_isbn: typeof previous === 'string' ? previous : null,
      },
      after: {
        isbn,
        book_id: bookId,
        book_title: target!.get('title') ?? null,
        user_id: owner,
        cleared_book_id: holderHolds ? holder.id : null,
      },
    });
  });
}

/**
 * The admin dashboard's ISBN claims, for admins only. Request:
 * adminIsbnClaimsRequestSchema ({ action: 'lookup', isbn } or { action: 'move',
 * isbn, bookId }); answers AdminIsbnClaimsResponse (after a move, the ISBN as it
 * stands). Errors: unauthenticated / permission-denied; invalid-argument (the
 * ISBN's or the id's message); not-found (ISBN_CLAIM_MESSAGES.bookNotFound).
 */
export const adminIsbnClaims = guardedCall(
  'admin',
  async (request, caller): Promise<AdminIsbnClaimsResponse> => {
    const parsed = adminIsbnClaimsRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    const data = parsed.data;
    try {
      if (data.action === 'move') {
        await moveIsbnClaim(db(), caller.uid, data.isbn, data.bookId);
        logger.info('adminIsbnClaims: moved', { isbn: data.isbn, book: data.bookId, by: caller.uid });
      }
      return await lookUpIsbn(db(), data.isbn);
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logger.error('adminIsbnClaims failed', { action: data.action, error });
      throw new HttpsError('internal', 'The action failed. Please try again.');
    }
  },
);
