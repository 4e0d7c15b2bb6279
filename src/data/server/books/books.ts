// Book listings for the on-demand pages /categories, /free-books and /audiobooks.
// Every listing is one indexed query (equalities, at most one array-contains,
// ordered by the sort: newest first, or newest publication first) planned by src/domain/books/book-listing.ts, read a page at a time
// with a cursor, and counted with count() aggregations rather than by reading
// the books. The composite indexes are in firestore.indexes.json.
import type { DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import { bookSchema, type Book } from '../../../domain/books/book.ts';
import {
  hasFilters,
  isExact,
  listingPagingHrefs,
  matchesResidual,
  parseListingParams,
  planListing,
  scanOptions,
  scanPage,
  type BookFilters,
  type ListingKind,
  type ListingParamNames,
  type ListingRequest,
  type ListingPlan,
} from '../../../domain/books/book-listing.ts';
import type { BookCategory } from '../../../domain/items/genres.ts';
import { tryParseDoc } from '../../firestore-convert.ts';
import { cursorBatches } from '../shared/cursor-pages.ts';
import { getDb } from '../shared/firestore.ts';
import { plannedQuery } from '../shared/planned-query.ts';
import { meterCount } from '../shared/read-meter.ts';

/** One page of a listing. */
export interface BookListingPage {
  /** The books of this page, in the sort's order. */
  books: Book[];
  /** Book id for the 'Load more' link, when more books may follow. */
  next?: string;
  /** Number of matching books, or null when part of the filter runs in memory and no exact count exists. */
  total: number | null;
  /** False when the `after` cursor named no book (the first page is shown instead). */
  cursorFound: boolean;
}

function planQuery(plan: ListingPlan, db: Firestore): Query {
  return plannedQuery(db.collection('books'), plan);
}

interface Scanned {
  id: string;
  snapshot: DocumentSnapshot;
  book: Book | null;
}

/**
 * One page of active books of a listing kind with the given filters, starting
 * after the book `after` ('Load more'). Costs the page's documents (at most
 * LISTING_PAGE_SIZE + 1, or MAX_SCAN when a filter runs in memory), one read for
 * the cursor and one count() aggregation when the count is exact and wanted
 * (a page that already counted the same books passes countTotal = false).
 */
export async function listBooks(
  kind: ListingKind,
  filters: BookFilters,
  after: string | undefined,
  countTotal = true,
  db: Firestore = getDb(),
): Promise<BookListingPage> {
  const plan = planListing(kind, filters);
  const query = planQuery(plan, db);

  // The cursor is a book id: its snapshot supplies the ordered fields (and id) to start after;
  // a book that lacks one (not yet backfilled) cannot start the query, so the first page is shown.
  const { cursorFound, fetchBatch } = await cursorBatches<Scanned>(
    db,
    'books',
    query,
    after,
    (cursor) => plan.orderBy.every(([field]) => cursor.get(field) !== undefined),
    // A book that fails the schema is never shown (logged once) but still advances the cursor.
    (doc) => ({ id: doc.id, snapshot: doc, book: tryParseDoc(bookSchema, doc) }),
  );
  const accept = (item: Scanned) => item.book !== null && matchesResidual(item.book, plan.residual);
  const [page, total] = await Promise.all([
    scanPage(fetchBatch, accept, scanOptions(plan), cursorFound ? after : undefined),
    countTotal && isExact(plan) ? countQuery(query) : Promise.resolve(null),
  ]);
  return { books: page.items.map((item) => item.book as Book), next: page.next, total, cursorFound };
}

async function countQuery(query: Query): Promise<number> {
  const count = (await query.count().get()).data().count;
  meterCount(count);
  return count;
}

/** Number of active books of a listing kind, optionally in one category (one count() aggregation). */
export async function countBooks(
  kind: ListingKind,
  category?: BookCategory,
  db: Firestore = getDb(),
): Promise<number> {
  return countQuery(planQuery(planListing(kind, { category }), db));
}

/** Counts of a listing kind per category and in total, for the count cards (three count() aggregations). */
export async function countBooksByCategory(
  kind: ListingKind,
  db: Firestore = getDb(),
): Promise<{ fiction: number; nonFiction: number; total: number }> {
  const [fiction, nonFiction, total] = await Promise.all([
    countBooks(kind, 'fiction', db),
    countBooks(kind, 'non-fiction', db),
    countBooks(kind, undefined, db),
  ]);
  return { fiction, nonFiction, total };
}

/** What a listing page renders: the validated request, its first (or `after`) page, and notes to show. */
export interface LoadedListing {
  /** Filters in effect. */
  filters: BookFilters;
  /** The page of books. */
  page: BookListingPage;
  /** Visible notes about ignored parameters. */
  notes: string[];
  /** True when this is a later page ('Load more' without JavaScript). */
  continued: boolean;
}

/**
 * Loads the page a parsed listing request asks for. A load error is logged and
 * shows an empty list (book load errors are only logged), never a 500.
 */
export async function loadListing(
  kind: ListingKind,
  request: ListingRequest,
  countTotal = true,
  db: Firestore = getDb(),
): Promise<LoadedListing> {
  const { filters, after } = request;
  const notes = [...request.notes];
  let page: BookListingPage = { books: [], total: 0, cursorFound: true };
  try {
    page = await listBooks(kind, filters, after, countTotal, db);
  } catch (error) {
    console.error(`Failed to load the ${kind} book listing.`, error);
  }
  if (!page.cursorFound) notes.push('That page link has expired, so the first page is shown.');
  return { filters, page, notes, continued: after !== undefined && page.cursorFound };
}

/** A listing page's data (/categories, /free-books, /audiobooks): the loaded listing and its paging links. */
export interface ListingPageData extends LoadedListing {
  /** True when a search or a category or genre filter is set. */
  filtered: boolean;
  /** 'Load more': the next page, when more books may follow. */
  nextHref: string | undefined;
  /** 'Back to the first page', on a later page. */
  firstHref: string | undefined;
}

/**
 * Loads the listing page at `path` from its query string, read with the page's
 * parameter names; its total is counted unless `countTotal` says otherwise for
 * the requested filters (a page that counts the same books itself).
 */
export async function loadListingPage(
  kind: ListingKind,
  path: string,
  params: URLSearchParams,
  names: ListingParamNames,
  countTotal: (filters: BookFilters) => boolean = () => true,
  db: Firestore = getDb(),
): Promise<ListingPageData> {
  const request = parseListingParams(params, names);
  const listing = await loadListing(kind, request, countTotal(request.filters), db);
  return {
    ...listing,
    filtered: hasFilters(listing.filters),
    ...listingPagingHrefs(path, listing.filters, names, listing.page.next, listing.continued),
  };
}
