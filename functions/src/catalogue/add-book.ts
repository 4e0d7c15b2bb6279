// addCatalogueBook and addBookByHand: a reader adds a book no member listed
// (src/domain/catalogue/add-book.ts). One book per source work
// (catalogue_sources/{source}_{id}, taken in the transaction that creates the book,
// so a double click or two readers at once make one book) and one book per ISBN
// (isbn_claims: an edition's ISBN another book holds is left off the new book; a
// by-hand ISBN another book holds answers that book). The cover is copied into the
// media store, never linked from the source; a cover that cannot be fetched or read
// leaves the book without one, never unadded.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import {
  ADD_BOOK_MESSAGES,
  ADD_LIMITS_PER_MEMBER,
  addBookByHandSchema,
  addCatalogueBookRequestSchema,
  catalogueBookByHand,
  catalogueBookFromWork,
  type AddBookResult,
} from '../../../src/domain/catalogue/add-book';
import { parseIsbn } from '../../../src/domain/books/isbn';
import { sniffImageType } from '../../../src/domain/media/image-upload';
import { uploadFolderOf } from '../../../src/domain/media/media-image';
import type { CatalogueWork } from '../../../src/domain/catalogue/catalogue-work';
import { encodeVariants, readCappedBody, storeUpload } from '../../../src/data/server/media/uploads';
import { consumeAttempt } from '../accounts/throttle';
import { requireFeature } from '../billing/early-access';
import { claimRef, isbnHoldersInTransaction } from '../books/isbn-claims';
import { functionsMediaStore } from '../media/media';
import { db, runTransactionWithRetry } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { openLibraryConfig, openLibraryFromEnv } from './config';
import { isCatalogueError } from './errors';
import { sourceRef } from './find-books';
import { claimantInTransaction, storeCatalogueBook } from './store-book';
import type { CatalogueSource } from './source';

/** Largest cover file fetched (Open Library's large covers are well under this). */
const MAX_COVER_BYTES = 5 * 1024 * 1024;
/** How long a cover may take to arrive. */
const COVER_TIMEOUT_MS = 10_000;
/** The media-store folder of copied covers (in place of a member's uid). */
export const CATALOGUE_MEDIA_OWNER = 'catalogue';

/** Copies the source's cover `coverId` into the media store; its URL, or null when it cannot be had. */
export async function copyCover(source: CatalogueSource, coverId: number | null): Promise<string | null> {
  if (coverId === null) return null;
  try {
    const response = await fetch(source.coverUrl(coverId, 'L'), {
      headers: { 'User-Agent': openLibraryConfig().userAgent },
      signal: AbortSignal.timeout(COVER_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const bytes = await readCappedBody(response.body, MAX_COVER_BYTES);
    if (bytes === 'tooLarge' || !sniffImageType(bytes)) return null;
    const variants = await encodeVariants(bytes);
    if (typeof variants === 'string') return null;
    return (await storeUpload(functionsMediaStore(), CATALOGUE_MEDIA_OWNER, 'book-covers', variants)).url;
  } catch (error) {
    logger.warn('catalogue cover not copied', { coverId, error: String(error) });
    return null;
  }
}

/**
 * Removes a cover `copyCover` stored that no book took (another reader's addition of the
 * same work won, or the book got its cover meanwhile), so no copy is left nobody shows.
 * A failure is logged: a leftover file breaks nothing.
 */
export async function dropCopiedCover(url: string | null): Promise<void> {
  const folder = uploadFolderOf(url, CATALOGUE_MEDIA_OWNER);
  if (!folder) return;
  await functionsMediaStore()
    .removeFolder(folder)
    .catch((error: unknown) => logger.warn('catalogue cover not removed', { folder, error: String(error) }));
}

/** Checks the caller may add books now and counts the attempt. */
async function admitAddition(firestore: Firestore, uid: string): Promise<void> {
  await requireFeature('reviews', uid);
  await consumeAttempt(
    firestore,
    [{ kind: 'catalogue-member', value: uid, limits: ADD_LIMITS_PER_MEMBER }],
    ADD_BOOK_MESSAGES.throttled,
  );
}

/** The work with the edition of `isbn` among its editions (a work's first page of editions may not hold it). */
async function workWithEdition(
  source: CatalogueSource,
  workId: string,
  isbn: string | null,
): Promise<CatalogueWork> {
  const work = await source.work(workId);
  if (!isbn || work.editions.some((edition) => edition.isbn13.includes(isbn))) return work;
  try {
    const hit = await source.byIsbn(isbn);
    if (hit.workId === workId) return { ...work, editions: [hit.edition, ...work.editions] };
  } catch (error) {
    if (!isCatalogueError(error, 'not-found')) throw error;
  }
  return work;
}

/**
 * Adds a work of Open Library as a catalogue book, or answers the book it already
 * is. Request: addCatalogueBookRequestSchema; answers AddBookResult. Errors:
 * unauthenticated; permission-denied; invalid-argument; not-found (the source no
 * longer has the work); unavailable (the source did not answer: nothing saved);
 * resource-exhausted (ADD_LIMITS_PER_MEMBER).
 */
export const addCatalogueBook = guardedCall(
  'member',
  async (request, caller): Promise<AddBookResult> => {
    const parsed = addCatalogueBookRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    const firestore = db();
    await admitAddition(firestore, caller.uid);
    const { workId } = parsed.data;
    const typed = parsed.data.isbn ? parseIsbn(parsed.data.isbn) : null;
    const isbn = typed?.ok ? typed.isbn13 : null;
    const known = await sourceRef(firestore, workId).get();
    const knownId: unknown = known.get('book_id');
    if (typeof knownId === 'string') return { bookId: knownId, existing: true };
    const source = openLibraryFromEnv();
    let work: CatalogueWork;
    try {
      work = await workWithEdition(source, workId, isbn);
    } catch (error) {
      if (isCatalogueError(error, 'not-found')) throw new HttpsError('not-found', ADD_BOOK_MESSAGES.workGone);
      logger.warn('addCatalogueBook: the source failed', { workId, error: String(error) });
      throw new HttpsError('unavailable', ADD_BOOK_MESSAGES.addFailed);
    }
    const coverId =
      work.coverId ?? work.editions.find((edition) => edition.coverId !== null)?.coverId ?? null;
    const coverImage = await copyCover(source, coverId);
    const now = new Date();
    const isbns = [...new Set(work.editions.flatMap((edition) => edition.isbn13))];
    const result = await storeCatalogueBook(
      firestore,
      (taken) =>
        catalogueBookFromWork(work, { addedBy: caller.uid, now, coverImage, taken, pickedIsbn: isbn }),
      isbns,
      workId,
    );
    if (result.existing) await dropCopiedCover(coverImage);
    logger.info('addCatalogueBook', {
      by: caller.uid,
      workId,
      book: result.bookId,
      existing: result.existing,
    });
    return result;
  },
  { signIn: ADD_BOOK_MESSAGES.signIn, denied: ADD_BOOK_MESSAGES.notAllowed },
);

/**
 * Adds a book no source knows, by its title, author and optional ISBN (check
 * digit verified), marked for a librarian's review; a book that already carries
 * the ISBN is answered instead. Request: addBookByHandSchema; answers
 * AddBookResult. Errors as addCatalogueBook's, without the source's.
 */
export const addBookByHand = guardedCall(
  'member',
  async (request, caller): Promise<AddBookResult> => {
    const parsed = addBookByHandSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    const firestore = db();
    await admitAddition(firestore, caller.uid);
    const input = parsed.data;
    const now = new Date();
    const isbns = input.isbn ? [input.isbn] : [];
    const ref = firestore.collection('books').doc();
    const result = await runTransactionWithRetry(firestore, async (tx): Promise<AddBookResult> => {
      const holders = await isbnHoldersInTransaction(tx, firestore, isbns);
      const holder = input.isbn ? holders.get(input.isbn) : undefined;
      if (holder) return { bookId: holder, existing: true };
      const book = catalogueBookByHand(input, { addedBy: caller.uid, now });
      const claimedBy = await claimantInTransaction(tx, firestore, book.author_slugs);
      tx.create(ref, claimedBy ? { ...book, claimed_by: claimedBy } : book);
      if (input.isbn)
        tx.set(claimRef(firestore, input.isbn), {
          book_id: ref.id,
          user_id: null,
          claimed_at: Timestamp.now(),
        });
      return { bookId: ref.id, existing: false };
    });
    logger.info('addBookByHand', { by: caller.uid, book: result.bookId, existing: result.existing });
    return result;
  },
  { signIn: ADD_BOOK_MESSAGES.signIn, denied: ADD_BOOK_MESSAGES.notAllowed },
);
