// curateCatalogue (src/domain/admin/catalogue-curation.ts): what librarians and admins
// do to catalogue books. Every action but 'status' checks callerCanCurate first. Edits,
// reviews and splits are one transaction each with their audit entry; a merge is
// merge-books.ts. A member's listed book is never changed here: it belongs to its member.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  CURATION_MESSAGES,
  curateCatalogueRequestSchema,
  earliestYear,
  editedBookFields,
  splitEditions,
  type CatalogueBookEdit,
  type CurateCatalogueResponse,
  type QueueBook,
} from '../../../src/domain/admin/catalogue-curation';
import { authorNames, catalogueBookSchema } from '../../../src/domain/books/catalogue-book';
import { catalogueDerivedFields, editionIsbns } from '../../../src/domain/catalogue/add-book';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { bookCacheTag } from '../../../src/data/server/shared/cache-tags';
import { db, runTransactionWithRetry } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { auditInTransaction, changedFields } from '../shared/audit';
import { purgeCacheTags } from '../shared/cache-purge';
import { claimRef } from '../books/isbn-claims';
import { callerCanCurate } from './librarians';
import { catalogueBookOf, mergeBooks } from './merge-books';

/** Most books the review queue lists. */
const QUEUE_LIMIT = 100;

/** Hand-added books awaiting review, oldest first. */
export async function reviewQueue(firestore: Firestore): Promise<QueueBook[]> {
  const page = await firestore.collection('books').where('needs_review', '==', true).limit(QUEUE_LIMIT).get();
  return page.docs
    .filter((doc) => doc.get('kind') === 'catalogue' && doc.get('is_active') !== false)
    .sort(
      (a, b) =>
        Number(a.get('created_at')?.toMillis?.() ?? 0) - Number(b.get('created_at')?.toMillis?.() ?? 0),
    )
    .map((doc) => {
      const authors: unknown = doc.get('authors');
      return {
        id: doc.id,
        title: String(doc.get('title') ?? ''),
        authors: Array.isArray(authors) ? authorNames(authors as { name: string }[]) : '',
        isbn: typeof doc.get('isbn') === 'string' ? (doc.get('isbn') as string) : null,
      };
    });
}

/** Saves a curator's edit of a catalogue book (a hand-added one counts as reviewed too). */
export async function editCatalogueBook(
  firestore: Firestore,
  actorUid: string,
  bookId: string,
  edit: CatalogueBookEdit,
): Promise<void> {
  await runTransactionWithRetry(firestore, async (tx) => {
    const snap = await tx.get(firestore.collection('books').doc(bookId));
    const book = catalogueBookOf(snap);
    if (book.merged_into) throw new HttpsError('failed-precondition', CURATION_MESSAGES.mergedAway);
    // Through JSON: plain data only (no undefined, which Firestore refuses); the edit holds no dates.
    const fields = JSON.parse(JSON.stringify(editedBookFields(book, edit))) as ReturnType<
      typeof editedBookFields
    >;
    // The whole book must still pass its schema (what the page and search parse).
    const check = catalogueBookSchema.safeParse({ ...book, ...fields });
    if (!check.success) throw new HttpsError('invalid-argument', firstErrorMessage(check.error));
    const { before, after } = changedFields(book as unknown as Record<string, unknown>, fields);
    tx.update(snap.ref, { ...fields, needs_review: false, updated_at: Timestamp.now() });
    auditInTransaction(tx, firestore, {
      actorUid,
      action: 'catalogue-edit',
      targetUid: null,
      before: { book_id: bookId, ...before },
      after: { book_id: bookId, ...after },
    });
  });
}

/** Clears the needs_review mark of a hand-added book. */
export async function markReviewed(firestore: Firestore, actorUid: string, bookId: string): Promise<void> {
  await runTransactionWithRetry(firestore, async (tx) => {
    const snap = await tx.get(firestore.collection('books').doc(bookId));
    const book = catalogueBookOf(snap);
    if (!book.needs_review) return;
    tx.update(snap.ref, { needs_review: false, updated_at: Timestamp.now() });
    auditInTransaction(tx, firestore, {
      actorUid,
      action: 'catalogue-review',
      targetUid: null,
      before: { book_id: bookId, needs_review: true },
      after: { book_id: bookId, needs_review: false },
    });
  });
}

/**
 * Moves the editions at `picked` of a catalogue book to a new catalogue book (same
 * title, authors, subjects), with their ISBN claims; readers' entries stay on the
 * original, which keeps its source record. Answers the new book's id.
 */
export async function splitBook(
  firestore: Firestore,
  actorUid: string,
  bookId: string,
  picked: readonly number[],
  seenCount: number,
): Promise<string> {
  const books = firestore.collection('books');
  const newRef = books.doc();
  await runTransactionWithRetry(firestore, async (tx) => {
    const snap = await tx.get(books.doc(bookId));
    const book = catalogueBookOf(snap);
    if (book.merged_into) throw new HttpsError('failed-precondition', CURATION_MESSAGES.mergedAway);
    const plan = splitEditions(book.editions, picked, seenCount);
    if ('error' in plan) throw new HttpsError('failed-precondition', plan.error);
    const now = Timestamp.now();
    const isbns = editionIsbns({ editions: plan.moved });
    const claims = isbns.length > 0 ? await tx.getAll(...isbns.map((isbn) => claimRef(firestore, isbn))) : [];
    const created = catalogueBookSchema.omit({ id: true }).parse({
      kind: 'catalogue',
      title: book.title,
      authors: book.authors,
      description: book.description ?? null,
      cover_image: null,
      subjects: book.subjects,
      editions: plan.moved,
      isbn: plan.moved.find((edition) => edition.isbn)?.isbn ?? null,
      first_published: earliestYear(plan.moved),
      source: book.source,
      source_id: null,
      needs_review: false,
      added_by: actorUid,
      ...catalogueDerivedFields(book.title, book.authors),
      is_public: false,
      is_active: true,
      moderation_hidden: false,
      rating_count: 0,
      rating_sum: 0,
      created_at: now.toDate(),
      updated_at: now.toDate(),
    });
    tx.create(newRef, { ...created, created_at: now, updated_at: now });
    for (const claim of claims)
      if (!claim.exists || claim.get('book_id') === bookId)
        tx.set(claim.ref, { book_id: newRef.id, user_id: null, claimed_at: now });
    tx.update(snap.ref, {
      editions: plan.kept,
      isbn: plan.kept.find((edition) => edition.isbn)?.isbn ?? null,
      first_published: earliestYear(plan.kept) ?? book.first_published ?? null,
      updated_at: now,
    });
    auditInTransaction(tx, firestore, {
      actorUid,
      action: 'catalogue-split',
      targetUid: null,
      before: { book_id: bookId, editions: book.editions.length },
      after: {
        book_id: bookId,
        new_book_id: newRef.id,
        moved_editions: plan.moved.length,
        moved_isbns: isbns,
      },
    });
  });
  return newRef.id;
}

/**
 * The librarian's tools. Request: curateCatalogueRequestSchema; answers
 * CurateCatalogueResults[action]. Errors: unauthenticated; permission-denied
 * (CURATION_MESSAGES.notCurator); invalid-argument; not-found (bookNotFound);
 * failed-precondition (a listed book, a merged one, too many editions, a bad split).
 */
export const curateCatalogue = guardedCall(
  'member-or-admin',
  async (request, caller): Promise<CurateCatalogueResponse> => {
    const parsed = curateCatalogueRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    const data = parsed.data;
    const firestore = db();
    const curator = await callerCanCurate(firestore, caller);
    if (data.action === 'status') return { curator };
    if (!curator) throw new HttpsError('permission-denied', CURATION_MESSAGES.notCurator);
    try {
      switch (data.action) {
        case 'queue':
          return { books: await reviewQueue(firestore) };
        case 'edit':
          await editCatalogueBook(firestore, caller.uid, data.bookId, data.book);
          await purgeCacheTags([bookCacheTag(data.bookId)]);
          return { bookId: data.bookId };
        case 'review':
          await markReviewed(firestore, caller.uid, data.bookId);
          await purgeCacheTags([bookCacheTag(data.bookId)]);
          return { bookId: data.bookId };
        case 'merge': {
          const outcome = await mergeBooks(firestore, caller.uid, data.keepId, data.mergeId);
          return { keptId: data.keepId, mergedId: data.mergeId, ...outcome };
        }
        case 'split': {
          const newBookId = await splitBook(
            firestore,
            caller.uid,
            data.bookId,
            data.editions,
            data.editionCount,
          );
          await purgeCacheTags([bookCacheTag(data.bookId)]);
          return { bookId: data.bookId, newBookId };
        }
      }
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logger.error('curateCatalogue failed', { action: data.action, error: String(error) });
      throw new HttpsError('internal', CURATION_MESSAGES.failed);
    }
  },
  { denied: CURATION_MESSAGES.notCurator, signIn: CURATION_MESSAGES.notCurator },
);
