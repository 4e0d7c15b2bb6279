import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { logger } from 'firebase-functions';
import type { Firestore } from 'firebase-admin/firestore';
import { bookSchema } from '../../src/domain/book';
import { listingFieldsOf, sameListingFields, type BookListingFields } from '../../src/domain/book-listing';
import { parseDoc } from '../../src/data/firestore-convert';
import { db } from './firestore';

// Only what the listing fields derive from is parsed, so a book with some other
// bad field still gets listed correctly.
const listingSourceSchema = bookSchema.pick({
  title: true,
  manuscript_content: true,
  audiobook_url: true,
  author: true,
});

/**
 * Recomputes one book's listing fields from its current content and writes them
 * when they differ. Reading inside a transaction means a concurrent edit makes
 * this retry on fresh data instead of writing keywords of an older title; the
 * equality check is what stops the trigger from re-firing itself forever.
 * Returns the fields written, or undefined when nothing changed.
 */
export async function refreshListingFields(
  firestore: Firestore,
  bookId: string,
): Promise<BookListingFields | undefined> {
  const ref = firestore.collection('books').doc(bookId);
  return firestore.runTransaction(async (tx) => {
    const book = await tx.get(ref);
    if (!book.exists) return undefined;
    const computed = listingFieldsOf(parseDoc(listingSourceSchema, bookId, book.data(), 'books'));
    if (sameListingFields(book.data(), computed)) return undefined;
    tx.update(ref, { ...computed });
    return computed;
  });
}

/**
 * Keeps books.has_free_reading, has_audiobook and search_keywords in step with
 * the manuscript, the audiobook URL, the title and the author snapshot, so each
 * listing is one indexed query. A rename reaches here too: authorSnapshot
 * rewrites books.author, which fires this trigger on each book.
 */
export const bookListingFields = onDocumentWritten('books/{bookId}', async (event) => {
  if (!event.data?.after.exists) return;
  const { bookId } = event.params;
  // Skip the transaction when the event's own snapshot is already up to date (the common case: our own write).
  try {
    const afterData = event.data.after.data();
    if (
      sameListingFields(afterData, listingFieldsOf(parseDoc(listingSourceSchema, bookId, afterData, 'books')))
    )
      return;
    const written = await refreshListingFields(db(), bookId);
    logger.debug('book listing fields', { book: bookId, written: written !== undefined });
  } catch (error) {
    // A malformed book cannot be listed correctly anyway; retrying would not help.
    logger.error('book listing fields not updated', {
      book: bookId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
