// One catalogue book stored with everything that keeps it single: the ISBN claims of its
// editions (an ISBN names one edition on the whole site) and, for a source's work, its
// catalogue_sources record (a work becomes one book however many readers or imports
// add it at once), and the claimant of a claimed author's page (claimed_by). Used by addCatalogueBook and by the reading import's look-ups.
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  editionIsbns,
  type AddBookResult,
  type CatalogueBookWrite,
} from '../../../src/domain/catalogue/add-book';
import { claimRef, isbnHoldersInTransaction } from '../books/isbn-claims';
import { runTransactionWithRetry } from '../shared/firestore';
import { catalogueAuthorRef } from '../books/author-claims';
import { sourceRef } from './find-books';

/**
 * The member who claimed one of these author pages (the first claimed), or null: a
 * new book of a claimed author is theirs from the start (src/domain/books/author-claim.ts).
 */
export async function claimantInTransaction(
  tx: Transaction,
  firestore: Firestore,
  slugs: readonly string[],
): Promise<string | null> {
  if (slugs.length === 0) return null;
  const authors = await tx.getAll(...slugs.map((slug) => catalogueAuthorRef(firestore, slug)));
  const claimedBy: unknown = authors.find((author) => author.exists)?.get('claimed_by');
  return typeof claimedBy === 'string' ? claimedBy : null;
}

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
    const claimedBy = await claimantInTransaction(tx, firestore, book.author_slugs);
    const now = Timestamp.now();
    tx.create(ref, claimedBy ? { ...book, claimed_by: claimedBy } : book);
    for (const isbn of editionIsbns(book))
      tx.set(claimRef(firestore, isbn), { book_id: ref.id, user_id: null, claimed_at: now });
    if (workId) tx.create(sourceRef(firestore, workId), { book_id: ref.id, created_at: now });
    return { bookId: ref.id, existing: false };
  });
}
