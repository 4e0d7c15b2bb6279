/**
 * The pure half of the book listings (/categories, /free-books, /audiobooks):
 * the denormalised fields that make each listing one bounded Firestore query,
 * query-string parsing, the query plan and cursor paging. The repository
 * (src/data/server/books/books.ts) only executes what this module decides, and the
 * books trigger, the saves and the seed compute the fields with the same code.
 *
 * Matching (src/domain/books/match-key.ts): a book's match_key is titleAuthorKey of its
 * title and author's name, so the reading import finds a book by title and author with
 * one equality query.
 *
 * Search (src/domain/shared/list-search.ts): a book's search_keywords index the words of
 * its title and its author's name, so each search word must start some word
 * of either ('mid' finds 'Midnight'; 'night' does not).
 */
import { z } from 'zod';
import { MAX_SEARCH_KEYWORDS, hasAudiobook, isFreeReadable, type Book } from './book.ts';
import { publicationKey, seriesSlug } from './catalogue.ts';
import { titleAuthorKey } from './match-key.ts';
import {
  BOOK_CATEGORIES,
  GENRE_CATALOGUE,
  bookCategoryLabel,
  categoryOfGenre,
  genreLabel,
  toBookCategory,
  type BookCategory,
} from '../items/genres.ts';
import {
  matchesAllTerms,
  parseSearch,
  primaryTerm,
  sameKeywords,
  searchKeywords,
  type SearchQuery,
} from '../shared/list-search.ts';

/** Books per listing page. */
export const LISTING_PAGE_SIZE = 24;
/** Sub-genres shown per category in 'Browse by Genre' before '+N more'. */
export const BROWSE_GENRES_SHOWN = 6;
/**
 * Most documents one page may scan when a filter has to be applied in memory
 * (see planListing): ten pages' worth, so a page view stays bounded.
 */
export const MAX_SCAN = LISTING_PAGE_SIZE * 10;
/** Documents fetched per round while scanning. */
export const SCAN_BATCH = LISTING_PAGE_SIZE * 4;
/** Longest raw parameter value echoed back in a note. */
const NOTE_VALUE_MAX = 40;

// ---------------------------------------------------------------------------
// Denormalised listing fields

/** The fields the listings query on, derived from the rest of the book. */
export interface BookListingFields {
  /** The book has a text or url manuscript section (lists it on /free-books). */
  has_free_reading: boolean;
  /** The book has an audiobook URL (lists it on /audiobooks). */
  has_audiobook: boolean;
  /** Folded title and author words with their prefixes. */
  search_keywords: string[];
  /** The series' address (seriesSlug of its name), null when the book is in no series (lists it on /series/{slug}). */
  series_slug: string | null;
  /** publicationKey of the publication date (NO_PUBLICATION_KEY without one): the sort key of the 'published' sort. */
  publication_key: number;
  /** titleAuthorKey of the title and the author's name (null when the title has no word): what the reading import matches a row's title and author on. */
  match_key: string | null;
}

/** The book fields a listing-fields computation reads. */
export type ListingSource = Partial<
  Pick<Book, 'title' | 'manuscript_content' | 'audiobook_url' | 'author' | 'series' | 'publication_date'>
>;

/** Computes the denormalised listing fields of a book (the trigger and the seed both use this). */
export function listingFieldsOf(book: ListingSource): BookListingFields {
  return {
    has_free_reading: isFreeReadable(book),
    has_audiobook: hasAudiobook(book),
    // Title words first: only a title long enough to fill the cap leaves the author's name unindexed.
    search_keywords: searchKeywords([book.title, book.author?.display_name], {
      maxKeywords: MAX_SEARCH_KEYWORDS,
    }),
    // A name with no letter or digit gives no address: such a book is in no listable series.
    series_slug: seriesSlug(book.series) || null,
    publication_key: publicationKey(book.publication_date),
    match_key: titleAuthorKey(book.title ?? '', book.author?.display_name ?? ''),
  };
}

/** True when a stored document already holds exactly these listing fields (so the trigger need not write, and cannot loop). */
export function sameListingFields(
  stored: Record<string, unknown> | undefined,
  computed: BookListingFields,
): boolean {
  return (
    stored !== undefined &&
    stored.has_free_reading === computed.has_free_reading &&
    stored.has_audiobook === computed.has_audiobook &&
    sameKeywords(stored.search_keywords, computed.search_keywords) &&
    // Absent is as good as null: books stored before series existed need no write.
    (stored.series_slug ?? null) === computed.series_slug &&
    // Absent is not as good as the no-date key: the 'published' sort leaves out books without the field.
    stored.publication_key === computed.publication_key &&
    // Absent is not as good as null either: every book stores its key, so the backfill can tell which it has not reached.
    stored.match_key === computed.match_key
  );
}

// ---------------------------------------------------------------------------
// Filters and query parameters

/** The filters of a listing after validation. */
export interface BookFilters {
  /** The search, when a usable one was given. */
  search?: SearchQuery;
  /** fiction or non-fiction. */
  category?: BookCategory;
  /** A genre slug from the catalogue. */
  genre?: string;
  /** Sort order other than the default newest first. */
  sort?: Exclude<ListingSort, 'newest'>;
}

/** The sort orders of a book listing: newest on Shelfmark first (the default), or newest publication first. */
export const LISTING_SORTS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'published', label: 'Publication Date: Newest First' },
] as const;
/** A book listing's sort order. */
export type ListingSort = (typeof LISTING_SORTS)[number]['value'];

/** Which book listing: every active book, the free reads or the audiobooks. */
export type ListingKind = 'all' | 'free' | 'audio';

/**
 * How a page names its parameters. /categories and /free-books follow the home
 * page's links (genre = the category, subGenre = a catalogue genre); /audiobooks
 * uses category=Fiction|Non-Fiction and genre. See docs/decisions.md.
 */
export interface ListingParamNames {
  /** Parameter holding the category. */
  category: string;
  /** Parameter holding the catalogue genre. */
  genre: string;
  /** Write the category as its label ('Non-Fiction') rather than its value ('non-fiction'). */
  categoryAsLabel: boolean;
}

/** /categories and /free-books: ?search=&genre=fiction&subGenre=mystery. */
export const CATEGORY_PARAMS: ListingParamNames = {
  category: 'genre',
  genre: 'subGenre',
  categoryAsLabel: false,
};
/** /audiobooks: ?search=&category=Fiction&genre=mystery. */
export const AUDIOBOOK_PARAMS: ListingParamNames = {
  category: 'category',
  genre: 'genre',
  categoryAsLabel: true,
};

/** A validated listing request: filters, the paging cursor and notes about what was ignored. */
export interface ListingRequest {
  /** The filters to apply. */
  filters: BookFilters;
  /** Book id to continue after ('Load more'), when valid. */
  after?: string;
  /** Visible notes about parameters that were ignored. */
  notes: string[];
}

/** A book id as used in a paging cursor (Firestore auto ids and test ids). */
export const cursorSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

function quoted(value: string): string {
  const short = value.length > NOTE_VALUE_MAX ? `${value.slice(0, NOTE_VALUE_MAX)}…` : value;
  return `“${short}”`;
}

/** The catalogue genre a parameter names, by slug or by label (any case), or undefined. */
export function resolveGenre(value: string): string | undefined {
  const wanted = value.trim().toLowerCase();
  if (wanted === '') return undefined;
  for (const genres of Object.values(GENRE_CATALOGUE)) {
    const found = genres.find((genre) => genre.value === wanted || genre.label.toLowerCase() === wanted);
    if (found) return found.value;
  }
  return undefined;
}

/**
 * Reads a listing's query string. Unknown categories, genres and sort orders,
 * wordless searches and broken cursors are dropped with a visible note (never an error);
 * an over-long search is cut, with a note (search.ts parseSearch).
 * A catalogue genre in the category parameter (/categories?genre=mystery, as the
 * home page links) is read as the genre.
 */
export function parseListingParams(params: URLSearchParams, names: ListingParamNames): ListingRequest {
  const notes: string[] = [];
  const filters: BookFilters = {};
  const search = parseSearch(params.get('search'));
  notes.push(...search.notes);
  if (search.terms.length > 0) filters.search = { text: search.text, terms: search.terms };

  const rawCategory = (params.get(names.category) ?? '').trim();
  let rawGenre = (params.get(names.genre) ?? '').trim();
  if (rawCategory !== '' && rawCategory.toLowerCase() !== 'all') {
    const category = toBookCategory(rawCategory);
    if (category) filters.category = category;
    else if (rawGenre === '' && resolveGenre(rawCategory)) rawGenre = rawCategory;
    else notes.push(`Unknown category ${quoted(rawCategory)} was ignored.`);
  }

  if (rawGenre !== '') {
    const genre = resolveGenre(rawGenre);
    if (!genre) notes.push(`Unknown genre ${quoted(rawGenre)} was ignored.`);
    else if (filters.category && categoryOfGenre(genre) !== filters.category) {
      notes.push(
        `${genreLabel(genre)} is not a ${bookCategoryLabel(filters.category)} genre, so the genre filter was cleared.`,
      );
    } else filters.genre = genre;
  }

  const rawSort = (params.get('sort') ?? '').trim();
  if (rawSort !== '') {
    const sort = LISTING_SORTS.find((option) => option.value === rawSort.toLowerCase())?.value;
    if (sort === undefined) notes.push(`Unknown sort order ${quoted(rawSort)} was ignored.`);
    else if (sort !== 'newest') filters.sort = sort;
  }

  const rawAfter = params.get('after');
  let after: string | undefined;
  if (rawAfter !== null && rawAfter !== '') {
    const parsed = cursorSchema.safeParse(rawAfter);
    if (parsed.success) after = parsed.data;
    else notes.push('That page link was not valid, so the first page is shown.');
  }
  return { filters, after, notes };
}

/** True when any filter (not the sort) is set. */
export function hasFilters(filters: BookFilters): boolean {
  return filters.search !== undefined || filters.category !== undefined || filters.genre !== undefined;
}

/** The canonical query string of a listing (with a leading '?', or '' when empty), in the page's own parameter names. */
export function listingQuery(filters: BookFilters, names: ListingParamNames, after?: string): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search.text);
  if (filters.category)
    params.set(
      names.category,
      names.categoryAsLabel ? bookCategoryLabel(filters.category) : filters.category,
    );
  if (filters.genre) params.set(names.genre, filters.genre);
  if (filters.sort) params.set('sort', filters.sort);
  if (after) params.set('after', after);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/**
 * A listing page's paging links at `path`: 'Load more' to the page after `next`
 * (when more books may follow) and, on a later page, 'Back to the first page',
 * both keeping the filters.
 */
export function listingPagingHrefs(
  path: string,
  filters: BookFilters,
  names: ListingParamNames,
  next: string | undefined,
  continued: boolean,
): { nextHref: string | undefined; firstHref: string | undefined } {
  return {
    nextHref: next && `${path}${listingQuery(filters, names, next)}`,
    firstHref: continued ? `${path}${listingQuery(filters, names)}` : undefined,
  };
}

/** The category options of a listing's filter, with the value written to the URL. */
export function categoryOptions(names: ListingParamNames): { value: string; label: string }[] {
  return BOOK_CATEGORIES.map((category) => ({
    value: names.categoryAsLabel ? category.label : category.value,
    label: category.label,
  }));
}

// ---------------------------------------------------------------------------
// Query plan

/** A field equality the query applies. */
export type EqualityFilter = readonly [
  field: 'is_public' | 'has_free_reading' | 'has_audiobook' | 'category',
  value: string | boolean,
];

/** The one array-contains the query applies (Firestore allows only one per query). */
export interface ArrayContainsFilter {
  /** genre or search_keywords. */
  field: 'genre' | 'search_keywords';
  /** The value the array must contain. */
  value: string;
}

/** What is checked in memory on the fetched documents. */
export interface ResidualFilter {
  /** Genre the book must have. */
  genre?: string;
  /** Search terms that must each be among the book's search keywords. */
  terms: string[];
}

/** An ordering of a listing's query. */
export type ListingOrder = readonly [field: 'publication_key' | 'created_at', direction: 'desc'];

/** The orderings of each sort; every sort ends with newest first, so ties keep a stable order. */
export const LISTING_SORT_ORDERS: Readonly<Record<ListingSort, readonly ListingOrder[]>> = {
  newest: [['created_at', 'desc']],
  published: [
    ['publication_key', 'desc'],
    ['created_at', 'desc'],
  ],
};

/** How a listing is fetched: equalities and one array-contains in Firestore, the rest in memory. */
export interface ListingPlan {
  /** Equality filters, always starting with is_public == true (active, of a public owner). */
  equals: EqualityFilter[];
  /** The array-contains filter, if any. */
  arrayContains?: ArrayContainsFilter;
  /** Filters applied in memory; when empty the query's count() is exact. */
  residual: ResidualFilter;
  /** Orderings of the query (LISTING_SORT_ORDERS of the sort). */
  orderBy: readonly ListingOrder[];
}

/**
 * Plans the Firestore query of a listing. Firestore allows one array-contains
 * per query, and both a search term and a genre need one. When a search is set
 * the query uses its primary (longest, most selective) term and checks the genre
 * and the other terms in memory on the fetched page, scanning at most MAX_SCAN documents
 * per page; otherwise a genre uses the array-contains and nothing is left over.
 * The query is ordered by the sort (LISTING_SORT_ORDERS), newest first by default.
 */
export function planListing(kind: ListingKind, filters: BookFilters): ListingPlan {
  // Public books only: active and owned by an approved, active member (src/domain/accounts/visibility.ts).
  const equals: EqualityFilter[] = [['is_public', true]];
  if (kind === 'free') equals.push(['has_free_reading', true]);
  if (kind === 'audio') equals.push(['has_audiobook', true]);
  if (filters.category) equals.push(['category', filters.category]);
  const orderBy = LISTING_SORT_ORDERS[filters.sort ?? 'newest'];
  if (filters.search) {
    const { terms } = filters.search;
    const primary = primaryTerm(terms) as string;
    return {
      equals,
      arrayContains: { field: 'search_keywords', value: primary },
      residual: { genre: filters.genre, terms: terms.filter((term) => term !== primary) },
      orderBy,
    };
  }
  if (filters.genre)
    return {
      equals,
      arrayContains: { field: 'genre', value: filters.genre },
      residual: { terms: [] },
      orderBy,
    };
  return { equals, residual: { terms: [] }, orderBy };
}

/** True when nothing is left to check in memory, so count() gives the exact number of results. */
export function isExact(plan: ListingPlan): boolean {
  return plan.residual.genre === undefined && plan.residual.terms.length === 0;
}

/** True when a fetched book passes the in-memory part of the plan. */
export function matchesResidual(
  book: Pick<Book, 'genre' | 'search_keywords'>,
  residual: ResidualFilter,
): boolean {
  if (residual.genre !== undefined && !book.genre.includes(residual.genre)) return false;
  return matchesAllTerms(book.search_keywords, residual.terms);
}

// ---------------------------------------------------------------------------
// Paging

/** One page of results and where the next one starts. */
export interface ScannedPage<T> {
  /** At most pageSize items, in query order. */
  items: T[];
  /** Id to pass as `after` for the next page; undefined when there is none. */
  next?: string;
}

/** Page size and scan bounds of scanPage. */
export interface ScanOptions {
  /** Items per page. */
  pageSize: number;
  /** Documents per fetch. */
  batchSize: number;
  /** Most documents fetched in all. */
  maxScan: number;
}

/** Scan bounds: one fetch of pageSize+1 when everything is filtered in Firestore, bounded batches otherwise. */
export function scanOptions(plan: ListingPlan, pageSize = LISTING_PAGE_SIZE): ScanOptions {
  return isExact(plan)
    ? { pageSize, batchSize: pageSize + 1, maxScan: pageSize + 1 }
    : { pageSize, batchSize: SCAN_BATCH, maxScan: MAX_SCAN };
}

/**
 * Collects one page from a query read in batches. `fetchBatch(afterId, size)`
 * returns up to `size` documents after `afterId` (from the start when
 * undefined); `accept` is the in-memory filter. Fetching one item beyond the
 * page tells whether a next page exists. When the scan bound is reached first,
 * the next page continues after the last document scanned, so every document is
 * looked at once across pages and each page view stays bounded.
 */
export async function scanPage<T extends { id: string }>(
  fetchBatch: (afterId: string | undefined, size: number) => Promise<T[]>,
  accept: (item: T) => boolean,
  options: ScanOptions,
  startAfter?: string,
): Promise<ScannedPage<T>> {
  const items: T[] = [];
  let cursor = startAfter;
  let scanned = 0;
  for (;;) {
    const size = Math.min(options.batchSize, options.maxScan - scanned);
    const batch = await fetchBatch(cursor, size);
    scanned += batch.length;
    for (const item of batch) {
      if (accept(item)) {
        if (items.length === options.pageSize) return { items, next: items[items.length - 1]?.id };
        items.push(item);
      }
      cursor = item.id;
    }
    if (batch.length < size) return { items };
    if (scanned >= options.maxScan) return { items, next: cursor };
  }
}
