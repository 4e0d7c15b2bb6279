// The site's one search box: books, authors, products and services, classified
// ads, blog posts and newsletters, searched together, typo-tolerant, with facets.
//
// This module is the port: what a searchable document is (SearchDocument), what
// a visitor asks (SiteSearchParams, read leniently from the URL), what an engine
// answers (SiteSearchResults) and the rules every engine follows (typos allowed
// per word, ranking by field, facet counting). The engines are adapters behind
// the SearchEngine interface (src/data/server/search/): an embedded one that
// needs nothing installed, and a search server for sites that outgrow one
// instance. Both read words through src/domain/shared/list-search.ts (`searchWords`,
// `parseSearch`), the site's one text fold and tokenizer, so 'Éclair',
// 'eclair' and 'ECLAIR' are one word everywhere.
//
// Only public items are ever indexed: whoever builds a SearchDocument has
// already applied the site's visibility rule (src/domain/accounts/visibility.ts); an
// item that stops being public is removed from the index.
import { z } from 'zod';
import { TEXT_LIMITS } from '../shared/common.ts';
import { parseIsbn } from '../books/isbn.ts';
import { PRICE_BANDS, priceBand, type PriceBand } from '../market/market-entry.ts';
import { PRICE_FILTERS } from '../items/marketplace.ts';
import { parseSearch, searchWords } from '../shared/list-search.ts';

/** What a result can be, in the order the results page lists the kinds. */
export const SEARCH_KINDS = ['book', 'author', 'product', 'ad', 'post'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** How the results page names each kind. */
export const SEARCH_KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  book: 'Books',
  author: 'Authors',
  product: 'Products and services',
  ad: 'Classified ads',
  post: 'Blog posts and newsletters',
};

/**
 * The price ranges a visitor can filter by: the marketplace's price bands, so a
 * price falls in the same range on every page.
 */
export const PRICE_RANGES = PRICE_BANDS;
export type PriceRange = PriceBand;
/** How the results page names each price range: as the marketplace's price filter does. */
export const PRICE_RANGE_LABELS: Readonly<Record<PriceRange, string>> = Object.fromEntries(
  PRICE_FILTERS.filter((filter) => filter.value !== 'all').map((filter) => [filter.value, filter.label]),
) as Record<PriceRange, string>;

/** The price range of a price; null for an item without a price. */
export const priceRangeOf: (price: number | null) => PriceRange | null = priceBand;

/** Longest description an index keeps: enough to match on and to show a snippet. */
export const SEARCH_DESCRIPTION_MAX_LENGTH = 1_000;

/** Longest `keywords` an index keeps: two ISBNs and a series' name. */
export const SEARCH_KEYWORDS_MAX_LENGTH = TEXT_LIMITS.title + 40;

/** One searchable item, as every engine stores it. */
export const searchDocumentSchema = z.strictObject({
  /** `{kind}_{item id}`: unique over all kinds. */
  id: z
    .string()
    .min(3)
    .max(TEXT_LIMITS.id + 10),
  kind: z.enum(SEARCH_KINDS),
  /** Title of a book, post, product or ad; an author's display name. */
  title: z.string().max(TEXT_LIMITS.title),
  /** The author's or seller's name ('' when none). */
  author: z.string().max(TEXT_LIMITS.name).default(''),
  /** Plain text, cut to SEARCH_DESCRIPTION_MAX_LENGTH. */
  description: z.string().max(SEARCH_DESCRIPTION_MAX_LENGTH).default(''),
  /** The item's category ('' when none). */
  category: z.string().max(TEXT_LIMITS.name).default(''),
  /** A book's genres. */
  genres: z.array(z.string().max(TEXT_LIMITS.name)).max(20).default([]),
  /** Words that find the item but are not shown: a book's ISBN-13 and ISBN-10 and its series' name. */
  keywords: z.string().max(SEARCH_KEYWORDS_MAX_LENGTH).default(''),
  /** The lowest price shown for the item; null when it has none. */
  price: z.number().min(0).nullable().default(null),
  /** A book readers can read free on the site, in full or in part. */
  free_reading: z.boolean().default(false),
  /** A book with an audiobook. */
  audiobook: z.boolean().default(false),
  /** Featured by an admin: wins ties. */
  featured: z.boolean().default(false),
  /** The item's page on this site (a path). */
  url: z
    .string()
    .regex(/^\/[^\s]*$/)
    .max(TEXT_LIMITS.url),
  /** Its picture (a media path), '' when none. */
  image: z.string().max(TEXT_LIMITS.url).default(''),
});
export type SearchDocument = z.output<typeof searchDocumentSchema>;
export type SearchDocumentInput = z.input<typeof searchDocumentSchema>;

/** The index id of an item. */
export function searchDocumentId(kind: SearchKind, itemId: string): string {
  return `${kind}_${itemId}`;
}

/**
 * True for a word of digits only: a number, a year, an ISBN or part of one. Such a
 * word is matched with no typos, since a number one digit away is simply another
 * number (another book's ISBN, another year); it may still start a longer one.
 */
export function isNumberTerm(term: string): boolean {
  return /^\p{Nd}+$/u.test(term);
}

/**
 * How many typing mistakes a word of the search may have and still match: none
 * under 5 letters (short words have too many neighbours), one from 5, two from 9;
 * none for digits, however many (isNumberTerm). A mistake is a letter added,
 * missing, changed or two letters swapped.
 */
export function typosAllowed(term: string): number {
  if (isNumberTerm(term)) return 0;
  if (term.length >= 9) return 2;
  if (term.length >= 5) return 1;
  return 0;
}

/**
 * The number of typing mistakes between two words: letters added, missing or
 * changed, and two neighbouring letters swapped, each one mistake (the optimal
 * string alignment distance). Stops counting past `limit` and returns limit + 1.
 */
export function typoDistance(a: string, b: string, limit = 2): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = limit + 1;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
  }
  return Math.min(rows[a.length]![b.length]!, limit + 1);
}

/**
 * True when an indexed word answers a word of the search: the same word, a word
 * it starts (a prefix, while typing), or one within the typos the search word
 * is allowed (typosAllowed); for an ISBN (isbnTerm), only that ISBN.
 */
export function wordAnswers(searchWord: string, indexedWord: string): boolean {
  const isbn = isbnTerm(searchWord);
  if (isbn !== null) return indexedWord === isbn || indexedWord === searchWord;
  if (indexedWord.startsWith(searchWord)) return true;
  const allowed = typosAllowed(searchWord);
  return allowed > 0 && typoDistance(searchWord, indexedWord, allowed) <= allowed;
}

/**
 * How much a match counts by where it is: the title above the author, the author
 * above the description; category and genres count as the description does, the
 * keywords (a book's ISBNs and series) between the description and the author.
 */
export const FIELD_WEIGHTS = {
  title: 6,
  author: 3,
  description: 1,
  category: 1,
  genres: 1,
  keywords: 2,
} as const;
export type SearchField = keyof typeof FIELD_WEIGHTS;
/** The fields an engine searches, in weight order. */
export const SEARCH_FIELDS = Object.keys(FIELD_WEIGHTS) as SearchField[];

/**
 * The commonest English words, which say nothing about what a text is about and
 * are in nearly every description. Descriptions are indexed without them (titles
 * and names keep every word: 'It', 'The The'), and a search drops them when it has
 * other words, so 'the hobbit' finds 'Hobbit'.
 */
export const SEARCH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'an and are as at be been but by can did do does for from had has have he her his how if in into ' +
    'is it its me my no not of on or our she so than that the their them then there these they this ' +
    'those to up us was we were what when which who will with you your'
  ).split(' '),
);

/** The words a search matches: its terms without stop words, unless it has nothing else. */
export function matchedTerms(terms: readonly string[]): string[] {
  const meaningful = terms.filter((term) => !SEARCH_STOP_WORDS.has(term));
  return meaningful.length > 0 ? meaningful : [...terms];
}

/** Results per page. */
export const SEARCH_PAGE_SIZE = 20;
/** The last page a visitor can ask for: beyond it the search should be narrowed. */
export const SEARCH_MAX_PAGE = 50;

/** What a visitor asked for, after validation. */
export interface SiteSearchParams {
  /** The search text as typed (trimmed, cut), shown back in the box; '' when unusable. */
  text: string;
  /** The folded words to match; empty when there is no usable search. */
  terms: string[];
  kind: SearchKind | null;
  category: string | null;
  genre: string | null;
  price: PriceRange | null;
  /** Only books readers can read free on the site. */
  freeReading: boolean;
  /** Only books with an audiobook. */
  audiobook: boolean;
  /** 1-based. */
  page: number;
  /** Notes on what was cut or ignored, shown to the visitor. */
  notes: string[];
}

const facetValue = z.string().trim().min(1).max(TEXT_LIMITS.name);

/**
 * Reads ?q=&kind=&category=&genre=&price=&free=1&audiobook=1&page= leniently:
 * anything invalid is dropped (with a note where the visitor would wonder), never
 * thrown, so any query string answers a normal page.
 */
export function parseSiteSearchParams(query: URLSearchParams): SiteSearchParams {
  const search = parseSearch(query.get('q'));
  const notes = [...search.notes];
  const kind = z.enum(SEARCH_KINDS).safeParse(query.get('kind'));
  const price = z.enum(PRICE_RANGES).safeParse(query.get('price'));
  const category = facetValue.safeParse(query.get('category'));
  const genre = facetValue.safeParse(query.get('genre'));
  const rawPage = query.get('page');
  const page = z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).safeParse(rawPage);
  if (rawPage !== null && rawPage !== '' && !page.success)
    notes.push(`Results go up to page ${SEARCH_MAX_PAGE}, so the first page is shown.`);
  return {
    text: search.text,
    terms:
      isbnSearchTerms(search.text) ??
      isbnWordTerms(search.text) ??
      search.terms.map((term) => isbnTerm(term) ?? term),
    kind: kind.success ? kind.data : null,
    category: category.success ? category.data : null,
    genre: genre.success ? genre.data : null,
    price: price.success ? price.data : null,
    freeReading: query.get('free') === '1',
    audiobook: query.get('audiobook') === '1',
    page: page.success ? page.data : 1,
    notes,
  };
}

/**
 * A search that is one ISBN, typed with or without hyphens or spaces, as an
 * ISBN-10 or ISBN-13 and optionally after 'ISBN' ('ISBN 0-306-40615-2'): the one
 * term its ISBN-13 (what a book's keywords hold), so the hyphens do not cut it
 * into words that match nothing. Null for any other search.
 */
export function isbnSearchTerms(text: string): string[] | null {
  const candidate = text.replace(/^\s*isbn(?:-1[03])?\s*:?\s*/i, '');
  if (!/\d/.test(candidate)) return null;
  const parsed = parseIsbn(candidate);
  return parsed.ok ? [parsed.isbn13] : null;
}

/** A run of digits and hyphens (an X last) with no space: a hyphenated ISBN among other words, maybe. */
const HYPHENATED = /^[\d\u2010-\u2015-]+[\dXx]$/;

/**
 * The terms of a search holding, among other words, an ISBN written with hyphens
 * ('salt 978-0-306-40616-4'): that ISBN as its ISBN-13, where the tokenizer would
 * cut it into pieces ('978', '306'…) that no longer name one book; the other words
 * as parseSearch reads them. Null when no such ISBN is there.
 */
function isbnWordTerms(text: string): string[] | null {
  let found = false;
  const rewritten = text
    .split(/\s+/)
    .map((chunk) => {
      if (!HYPHENATED.test(chunk) || !/[\u2010-\u2015-]/.test(chunk)) return chunk;
      const parsed = parseIsbn(chunk);
      if (!parsed.ok) return chunk;
      found = true;
      return parsed.isbn13;
    })
    .join(' ');
  return found ? parseSearch(rewritten).terms.map((term) => isbnTerm(term) ?? term) : null;
}

/**
 * What a word of a search means when it is an ISBN, the one rule every engine
 * follows for ISBNs: the exact word to match, with no typos and no prefix
 * matches, since two books' ISBNs may differ in one digit. A valid ISBN-13, or
 * ISBN-10 (read as its ISBN-13, as the book page does), is its ISBN-13, which a
 * book's keywords hold; any other word of 13 digits, or of ten ending in a digit
 * or X, is shaped like an ISBN and matched as typed. Null for any other word,
 * which is matched as typosAllowed says (no typos for digits, but a prefix).
 */
export function isbnTerm(term: string): string | null {
  const parsed = parseIsbn(term);
  if (parsed.ok) return parsed.isbn13;
  return /^(?:\d{13}|\d{9}[\dx])$/i.test(term) ? term : null;
}

/** The search URL for a set of filters (defaults left out). */
export function siteSearchHref(params: Partial<Omit<SiteSearchParams, 'terms' | 'notes'>>): string {
  const query = new URLSearchParams();
  if (params.text) query.set('q', params.text);
  if (params.kind) query.set('kind', params.kind);
  if (params.category) query.set('category', params.category);
  if (params.genre) query.set('genre', params.genre);
  if (params.price) query.set('price', params.price);
  if (params.freeReading) query.set('free', '1');
  if (params.audiobook) query.set('audiobook', '1');
  if (params.page && params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text ? `/search?${text}` : '/search';
}

/** One facet value with how many results have it. */
export interface FacetCount<T extends string = string> {
  value: T;
  count: number;
}

/** Counts per facet, each counted over the results of every other filter (so a visitor sees what choosing it would give). */
export interface SearchFacets {
  kind: FacetCount<SearchKind>[];
  category: FacetCount[];
  genre: FacetCount[];
  price: FacetCount<PriceRange>[];
  freeReading: number;
  audiobook: number;
}

/** One result: the document and the indexed words that matched (for highlighting). */
export interface SearchHit {
  document: SearchDocument;
  /** Folded indexed words the search matched, typos and prefixes resolved. */
  matched: string[];
}

/** What an engine answers. */
export interface SiteSearchResults {
  /** Results over all pages, after the filters. */
  total: number;
  /** This page's results, best first. */
  hits: SearchHit[];
  facets: SearchFacets;
  /** When nothing matched: the closest indexed words to try instead. */
  suggestions: string[];
}

/** The answer to a search with no usable words. */
export function emptySearchResults(): SiteSearchResults {
  return {
    total: 0,
    hits: [],
    facets: { kind: [], category: [], genre: [], price: [], freeReading: 0, audiobook: 0 },
    suggestions: [],
  };
}

/**
 * A search engine: the port both adapters implement. `upsert` adds or replaces
 * documents by id; `remove` forgets ids (unknown ids are ignored); `search`
 * answers one page with facets; `size` is how many documents are indexed.
 */
export interface SearchEngine {
  upsert(documents: readonly SearchDocument[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  search(params: SiteSearchParams): Promise<SiteSearchResults>;
  size(): Promise<number>;
}

/** Which filters a document passes, facet by facet, so facets can be counted without their own filter. */
type FacetName = 'kind' | 'category' | 'genre' | 'price' | 'freeReading' | 'audiobook';

function passes(document: SearchDocument, params: SiteSearchParams, skip?: FacetName): boolean {
  if (skip !== 'kind' && params.kind && document.kind !== params.kind) return false;
  if (skip !== 'category' && params.category && document.category !== params.category) return false;
  if (skip !== 'genre' && params.genre && !document.genres.includes(params.genre)) return false;
  if (skip !== 'price' && params.price && priceRangeOf(document.price) !== params.price) return false;
  if (skip !== 'freeReading' && params.freeReading && !document.free_reading) return false;
  if (skip !== 'audiobook' && params.audiobook && !document.audiobook) return false;
  return true;
}

/** True when a document passes every filter of `params`. */
export function passesFilters(document: SearchDocument, params: SiteSearchParams): boolean {
  return passes(document, params);
}

/** Most values a category or genre facet lists. */
export const FACET_MAX_VALUES = 12;

function counted<T extends string>(counts: Map<T, number>, order?: readonly T[]): FacetCount<T>[] {
  const list = [...counts].map(([value, count]) => ({ value, count }));
  if (order) return list.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
  return list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)).slice(0, FACET_MAX_VALUES);
}

/**
 * The facet counts of text matches under `params`: each facet counted over the
 * matches that pass every other filter, so choosing a value shows that many.
 * Engines without facets of their own (the embedded one) use this.
 */
export function countFacets(matches: readonly SearchDocument[], params: SiteSearchParams): SearchFacets {
  const kind = new Map<SearchKind, number>();
  const category = new Map<string, number>();
  const genre = new Map<string, number>();
  const price = new Map<PriceRange, number>();
  let freeReading = 0;
  let audiobook = 0;
  const add = <T>(map: Map<T, number>, key: T) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const document of matches) {
    if (passes(document, params, 'kind')) add(kind, document.kind);
    if (document.category && passes(document, params, 'category')) add(category, document.category);
    if (passes(document, params, 'genre')) for (const name of new Set(document.genres)) add(genre, name);
    const range = priceRangeOf(document.price);
    if (range && passes(document, params, 'price')) add(price, range);
    if (document.free_reading && passes(document, params, 'freeReading')) freeReading += 1;
    if (document.audiobook && passes(document, params, 'audiobook')) audiobook += 1;
  }
  return {
    kind: counted(kind, SEARCH_KINDS),
    category: counted(category),
    genre: counted(genre),
    price: counted(price, PRICE_RANGES),
    freeReading,
    audiobook,
  };
}

/** A piece of text to show, marked when it is a matched word. */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

/**
 * Splits `text` into segments, marking each word whose folded form is one of the
 * matched indexed words or starts with one (a prefix match while typing). The
 * segments are plain text: the page escapes them as it escapes everything.
 */
export function highlight(text: string, matched: readonly string[]): HighlightSegment[] {
  if (matched.length === 0 || text === '') return [{ text, match: false }];
  const segments: HighlightSegment[] = [];
  // Words as the tokenizer sees them: runs of letters, digits and apostrophes.
  const pattern = /[\p{L}\p{N}\p{M}'’‘`]+/gu;
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const word = found[0];
    const folded = searchWords(word).join('');
    const isMatch = folded !== '' && matched.some((term) => folded === term || folded.startsWith(term));
    if (!isMatch) continue;
    const start = found.index ?? 0;
    if (start > last) segments.push({ text: text.slice(last, start), match: false });
    segments.push({ text: word, match: true });
    last = start + word.length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments;
}
