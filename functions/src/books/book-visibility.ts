// Keeps books.owner_public and books.is_public (src/domain/visibility.ts) true to
// the book and its owner, so every public book listing is one indexed query on
// is_public with no owner read per book.
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { logger } from 'firebase-functions';
import type { Firestore } from 'firebase-admin/firestore';
import { profileSchema } from '../../../src/domain/profile';
import {
  bookVisibilityFields,
  isOwnerPublic,
  sameVisibilityFields,
  visibilityFromStored,
  type BookVisibilityFields,
} from '../../../src/domain/visibility';
import { parseDoc } from '../../../src/data/firestore-convert';
import { db } from '../firestore';

const ownerSource = profileSchema.pick({ is_active: true, approval_status: true });

/**
 * Recomputes one book's visibility fields from the book and its owner's profile,
 * read in one transaction (a concurrent edit of either makes it retry on fresh
 * data), and writes them when they differ. A missing or malformed profile makes
 * the book not public. Returns the fields written, or undefined when nothing changed.
 */
export async function refreshBookVisibility(
  firestore: Firestore,
  bookId: string,
): Promise<BookVisibilityFields | undefined> {
  const ref = firestore.collection('books').doc(bookId);
  return firestore.runTransaction(async (tx) => {
    const book = await tx.get(ref);
    if (!book.exists) return undefined;
    const uid = book.get('user_id');
    const profile =
      typeof uid === 'string' && uid !== ''
        ? await tx.get(firestore.collection('profiles').doc(uid))
        : undefined;
    let ownerPublic = false;
    if (profile?.exists) {
      try {
        ownerPublic = isOwnerPublic(parseDoc(ownerSource, profile.id, profile.data(), 'profiles'));
      } catch (error) {
        logger.error('book visibility: owner profile unreadable, book hidden', {
          book: bookId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    const computed = bookVisibilityFields(
      book.get('is_active') !== false,
      ownerPublic,
      book.get('moderation_hidden') === true,
    );
    if (sameVisibilityFields(book.data(), computed)) return undefined;
    tx.update(ref, { ...computed });
    return computed;
  });
}

/**
 * On every book write: a book that already records its owner's state needs no
 * read (is_public follows is_active); a new book, or one whose owner changed,
 * reads the owner once.
 */
export const bookVisibility = onDocumentWritten('books/{bookId}', async (event) => {
  const after = event.data?.after;
  if (!after?.exists) return;
  const { bookId } = event.params;
  const data = after.data() ?? {};
  const before = event.data?.before.data();
  const ownerMoved = before !== undefined && before.user_id !== data.user_id;
  const fromStored = ownerMoved ? undefined : visibilityFromStored(data);
  if (fromStored && sameVisibilityFields(data, fromStored)) return;
  const written = await refreshBookVisibility(db(), bookId);
  logger.debug('book visibility', { book: bookId, written });
});

const ownerFields = (data: Record<string, unknown> | undefined) =>
  data ? `${String(data.is_active)}|${String(data.approval_status)}` : 'none';

/**
 * When a member is approved, denied, disabled, re-enabled or deleted, brings the
 * visibility fields of all their books in line (one transaction per book, so a
 * book edited meanwhile is read afresh).
 */
export const bookVisibilityOwner = onDocumentWritten('profiles/{uid}', async (event) => {
  const { uid } = event.params;
  if (ownerFields(event.data?.before.data()) === ownerFields(event.data?.after.data())) return;
  const firestore = db();
  const books = await firestore.collection('books').where('user_id', '==', uid).select().get();
  let written = 0;
  for (const doc of books.docs) if (await refreshBookVisibility(firestore, doc.id)) written++;
  logger.debug('book visibility of a member', { uid, books: books.size, written });
});
