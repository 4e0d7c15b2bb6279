// findBooks: "Add a book"'s one search box (src/domain/catalogue/add-book.ts). Shelfmark's
// own books come first, found by ISBN (the ISBN's claim) or by the words of their title
// and authors (search_keywords); then Open Library's works through the catalogue
// source, less those already on Shelfmark. A source that times out, fails or answers
// garbage costs the reader Open Library's half of the answer, never Shelfmark's.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { bookKindOf, isReadableBook } from '../../../src/domain/accounts/visibility';
import {
  ADD_BOOK_MESSAGES,
  FIND_LIMITS_PER_MEMBER,
  FIND_RESULTS_MAX,
  findBooksRequestSchema,
  foundWork,
  type FindBooksResult,
  type FoundBook,
  type FoundWork,
} from '../../../src/domain/catalogue/add-book';
import { authorNames } from '../../../src/domain/books/catalogue-book';
import { parseIsbn } from '../../../src/domain/books/isbn';
import { searchWords } from '../../../src/domain/shared/list-search';
import { consumeAttempt } from '../accounts/throttle';
import { requireFeature } from '../billing/early-access';
import { claimedBooks } from '../books/isbn-claims';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { isCatalogueError } from './errors';
import { openLibraryFromEnv } from './config';
import type { CatalogueSource } from './source';

/** Books read for a words search before they are narrowed to those matching every word. */
const WORD_CANDIDATES = 100;

/** A stored book as the search lists it, or null when readers may not see it. */
export function foundBookOf(snap: DocumentSnapshot): FoundBook | null {
  const data = snap.data();
  if (!snap.exists || !isReadableBook(data)) return null;
  const catalogue = bookKindOf(data) === 'catalogue';
  const authors = catalogue
    ? authorNames(Array.isArray(data.authors) ? (data.authors as { name: string }[]) : [])
    : String((data.author as { display_name?: string } | undefined)?.display_name ?? '');
  const date = typeof data.publication_date === 'string' ? Number(data.publication_date.slice(0, 4)) : null;
  return {
    id: snap.id,
    title: String(data.title ?? ''),
    authors,
    cover: typeof data.cover_image === 'string' && data.cover_image !== '' ? data.cover_image : null,
    year: catalogue ? ((data.first_published as number | null | undefined) ?? null) : date,
    kind: catalogue ? 'catalogue' : 'listed',
  };
}

/** Shelfmark's books for a query: the ISBN's holder, or those whose keywords hold every word. */
export async function shelfmarkMatches(
  firestore: Firestore,
  query: string,
  isbn: string | null,
): Promise<FoundBook[]> {
  if (isbn) {
    const holder = (await claimedBooks(firestore, [isbn])).get(isbn);
    const found = holder ? foundBookOf(holder) : null;
    return found ? [found] : [];
  }
  const words = [...new Set(searchWords(query))];
  if (words.length === 0) return [];
  // The longest word narrows most; the keywords hold every word's prefixes, so each word must be one of them.
  const anchor = [...words].sort((a, b) => b.length - a.length)[0]!;
  const snaps = await firestore
    .collection('books')
    .where('search_keywords', 'array-contains', anchor)
    .limit(WORD_CANDIDATES)
    .get();
  return snaps.docs
    .filter((snap) => {
      const keywords = snap.get('search_keywords') as unknown;
      return Array.isArray(keywords) && words.every((word) => keywords.includes(word));
    })
    .flatMap((snap) => foundBookOf(snap) ?? [])
    .sort((a, b) => Number(a.kind === 'catalogue') - Number(b.kind === 'catalogue'))
    .slice(0, FIND_RESULTS_MAX);
}

/** The source's works for a query (an ISBN's edition's work, or a search), and the problem if it failed. */
export async function sourceMatches(
  source: CatalogueSource,
  query: string,
  isbn: string | null,
): Promise<{ works: FoundWork[]; problem: string | null }> {
  try {
    if (isbn) {
      const hit = await source.byIsbn(isbn);
      if (!hit.workId) return { works: [], problem: null };
      return {
        works: [
          {
            workId: hit.workId,
            title: hit.title,
            authors: authorNames(hit.authors),
            year: null,
            editionCount: 1,
            isbn,
          },
        ],
        problem: null,
      };
    }
    const hits = await source.search(query, { limit: FIND_RESULTS_MAX * 2 });
    return { works: hits.map((hit) => foundWork(hit)), problem: null };
  } catch (error) {
    if (isCatalogueError(error, 'not-found')) return { works: [], problem: null };
    logger.warn('findBooks: the catalogue source failed', { error: String(error) });
    return {
      works: [],
      problem: isCatalogueError(error, 'malformed')
        ? ADD_BOOK_MESSAGES.sourceGarbled
        : ADD_BOOK_MESSAGES.sourceDown,
    };
  }
}

/** The source ids of works already on Shelfmark, of `workIds`. */
async function worksOnShelfmark(
  firestore: Firestore,
  workIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (workIds.length === 0) return found;
  const snaps = await firestore.getAll(...workIds.map((id) => sourceRef(firestore, id)));
  for (const snap of snaps) {
    const bookId: unknown = snap.get('book_id');
    if (snap.exists && typeof bookId === 'string') found.set(snap.id, bookId);
  }
  return found;
}

/** catalogue_sources/{source}_{id}: which catalogue book a source's work became (one book per work). */
export const CATALOGUE_SOURCES = 'catalogue_sources';
export function sourceRef(firestore: Firestore, workId: string) {
  return firestore.collection(CATALOGUE_SOURCES).doc(`openlibrary_${workId}`);
}

/**
 * Finds books for "Add a book". Request: findBooksRequestSchema; answers
 * FindBooksResult. Errors: unauthenticated; permission-denied (not a member in
 * good standing, or shelving off for them); invalid-argument (an empty or too
 * long search); resource-exhausted (FIND_LIMITS_PER_MEMBER).
 */
export const findBooks = guardedCall(
  'member',
  async (request, caller): Promise<FindBooksResult> => {
    const parsed = findBooksRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    await requireFeature('reviews', caller.uid);
    const firestore = db();
    await consumeAttempt(
      firestore,
      [{ kind: 'catalogue-member', value: caller.uid, limits: FIND_LIMITS_PER_MEMBER }],
      ADD_BOOK_MESSAGES.throttled,
    );
    const { query } = parsed.data;
    const isbnParse = /\d{9}/.test(query.replace(/[\s-]/g, '')) ? parseIsbn(query) : null;
    const isbn = isbnParse?.ok ? isbnParse.isbn13 : null;
    const [shelfmark, fromSource] = await Promise.all([
      shelfmarkMatches(firestore, query, isbn),
      sourceMatches(openLibraryFromEnv(), query, isbn),
    ]);
    // A work already added is Shelfmark's book now: list it there, once.
    const added = await worksOnShelfmark(
      firestore,
      fromSource.works.map((work) => work.workId),
    );
    const listed = new Set(shelfmark.map((book) => book.id));
    const extra = [...new Set(added.values())].filter((id) => !listed.has(id));
    const extraBooks =
      extra.length > 0
        ? (await firestore.getAll(...extra.map((id) => firestore.collection('books').doc(id)))).flatMap(
            (snap) => foundBookOf(snap) ?? [],
          )
        : [];
    const result: FindBooksResult = {
      shelfmark: [...shelfmark, ...extraBooks].slice(0, FIND_RESULTS_MAX),
      openLibrary: fromSource.works
        .filter((work) => !added.has(`openlibrary_${work.workId}`))
        .slice(0, FIND_RESULTS_MAX),
      sourceProblem: fromSource.problem,
    };
    logger.info('findBooks', {
      by: caller.uid,
      isbn: isbn !== null,
      shelfmark: result.shelfmark.length,
      source: result.openLibrary.length,
      problem: result.sourceProblem !== null,
    });
    return result;
  },
  { signIn: ADD_BOOK_MESSAGES.signIn, denied: ADD_BOOK_MESSAGES.notAllowed },
);
