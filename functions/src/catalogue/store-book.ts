// One catalogue book stored with everything that keeps it single: the ISBN claims of its
// editions (an ISBN names one edition on the whole site) and, for a source's work, its
// catalogue_sources record (a work becomes one book however many readers or imports
// add it at once). Used by addCatalogueBook and by the reading import's look-ups.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  editionIsbns,
  type AddBookResult,
  type CatalogueBookWrite,
} from '../../../src/domain/catalogue/add-book';
import { claimRef, isbnHoldersInTransaction } from '../books/isbn-claims';
import { runTransactionWithRetry } from '../shared/firestore';
import { sourceRef } from './find-books';

/**
 * Stores a new catalogue book in one transaction with its ISBNs' claims and, for a
 * source's work, its catalogue_sources record; answers the existing book instead
 * when the work is already on Shelfmark.
 */
export async function storeCatalogueBook(
  firestore: Firestore,
  build: (taken: ReadonlySet<string>) => CatalogueBookWrite,
  isbns: readonly string[],
  workId: string | null,
): Promise<AddBookResult> {
  const ref = firestore.collection('books').doc();
  return runTransactionWithRetry(firestore, async (tx) => {
    const source = workId ? await tx.get(sourceRef(firestore, workId)) : null;
    const existing: unknown = source?.get('book_id');
    if (typeof existing === 'string') return { bookId: existing, existing: true };
    const holders = await isbnHoldersInTransaction(tx, firestore, isbns);
    const book = build(new Set(holders.keys()));
    const now = Timestamp.now();
    tx.create(ref, book);
    for (const isbn of editionIsbns(book))
      tx.set(claimRef(firestore, isbn), { book_id: ref.id, user_id: null, claimed_at: now });
    if (workId) tx.create(sourceRef(firestore, workId), { book_id: ref.id, created_at: now });
    return { bookId: ref.id, existing: false };
  });
}
