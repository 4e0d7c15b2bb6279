/**
 * The pure half of the market (/classifieds): query-string parsing, the query
 * plan over the market index (market-entry.ts) and the canonical URL of a
 * view. The repository (src/data/server/market/market.ts) only runs what this module
 * plans: one indexed query per view, read a page at a time with a cursor.
 *
 * Every filter is an equality on the index (type, category, price_band) or
 * its one array-contains (a search keyword, else a sub-category); a search and
 * a sub-category together check the sub-category and the further search words
 * in memory over a bounded scan, as the book listings do.
 */
import { GENRE_CATALOGUE, genreLabel } from '../items/genres.ts';
import {
  ITEM_TYPES,
  LISTING_CATEGORIES,
  MARKETPLACE_PRODUCT_SUBCATEGORIES,
  MARKETPLACE_SERVICE_SUBCATEGORIES,
  MARKETPLACE_SORTS,
  PRICE_FILTERS,
  PRODUCT_FORM_SUBCATEGORIES,
  categoryLabel,
  subcategoriesOf,
  type ItemType,
  type MarketplaceSort,
  type Option,
} from '../items/marketplace.ts';
import type { MarketEntry, MarketType, PriceBand } from './market-entry.ts';
import { cursorSchema } from '../books/book-listing.ts';
import { matchesAllTerms, parseSearch, primaryTerm, type SearchQuery } from '../shared/list-search.ts';

/** Listings per market page. */
export const MARKET_PAGE_SIZE = 24;
/**
 * The most matches a market view counts: Firestore bills a count() one read per
 * 1,000 index entries, so counting at most 1,000 keeps a view's cost the same
 * however large the market grows.
 */
export const MARKET_COUNT_CAP = 1000;

/** The result count line: '1 listing', '24 listings', or '1000+ listings' at the cap. */
export function marketCountText(total: number): string {
  if (total >= MARKET_COUNT_CAP) return `${MARKET_COUNT_CAP}+ listings`;
  return `${total} ${total === 1 ? 'listing' : 'listings'}`;
}
/** Most entries one page may scan when part of the filter runs in memory. */
export const MARKET_MAX_SCAN = MARKET_PAGE_SIZE * 10;
/** Entries fetched per round while scanning. */
export const MARKET_SCAN_BATCH = MARKET_PAGE_SIZE * 4;
const NOTE_VALUE_MAX = 40;

/** The filters of a market view after validation; absent means 'all'. */
export interface MarketFilters {
  /** The search, when a usable one was given. */
  search?: SearchQuery;
  /** A top listing category. */
  category?: string;
  /** A sub-category valid for the chosen type. */
  subcategory?: string;
  /** Item type other than 'all'. */
  type?: Exclude<ItemType, 'all'>;
  /** Price band other than 'all'. */
  price?: PriceBand;
  /** Sort order (always set; 'newest' by default). */
  sort: MarketplaceSort;
}

/** A validated market request: filters, the paging cursor and notes about what was ignored. */
export interface MarketRequest {
  /** Filters in effect. */
  filters: MarketFilters;
  /** Entry id to continue after ('Load more'), when valid. */
  after?: string;
  /** Visible notes about parameters that were ignored. */
  notes: string[];
}

/** The query parameters the market understands. */
export const MARKET_PARAMS = ['search', 'category', 'subcategory', 'type', 'price', 'sort', 'after'] as const;

/** The entry type each item-type filter selects. */
export const ITEM_TYPE_TO_ENTRY: Readonly<Record<Exclude<ItemType, 'all'>, MarketType>> = {
  books: 'book',
  products: 'product',
  services: 'service',
  classifieds: 'classified',
};

const quoted = (value: string) =>
  `“${value.length > NOTE_VALUE_MAX ? `${value.slice(0, NOTE_VALUE_MAX)}…` : value}”`;

const BOOK_GENRES: readonly Option[] = [...GENRE_CATALOGUE.fiction, ...GENRE_CATALOGUE['non-fiction']];
const TREE_SUBCATEGORIES: readonly Option[] = LISTING_CATEGORIES.flatMap(
  (category) => category.subcategories,
);

function uniqueOptions(options: readonly Option[]): Option[] {
  const seen = new Set<string>();
  return options.filter((option) => !seen.has(option.value) && seen.add(option.value));
}

/**
 * Products and services may carry any value their form offers: the
 * marketplace's list for their kind plus the form's general list. The filter
 * offers the same values (the marketplace's first), so every stored value can
 * be filtered on.
 */
const PRODUCT_FILTER_SUBCATEGORIES = uniqueOptions([
  ...MARKETPLACE_PRODUCT_SUBCATEGORIES,
  ...PRODUCT_FORM_SUBCATEGORIES,
]);
const SERVICE_FILTER_SUBCATEGORIES = uniqueOptions([
  ...MARKETPLACE_SERVICE_SUBCATEGORIES,
  ...PRODUCT_FORM_SUBCATEGORIES,
]);

/**
 * The sub-category options that follow the chosen type: book genres for
 * books, the product values for products, the service values for services, the
 * listing tree for ads (only the chosen category's part when one is chosen);
 * all of them, de-duplicated, for every type.
 */
export function subcategoryOptions(type: MarketFilters['type'], category?: string): Option[] {
  const tree = category ? subcategoriesOf(category) : TREE_SUBCATEGORIES;
  switch (type) {
    case 'books':
      return [...BOOK_GENRES];
    case 'products':
      return [...PRODUCT_FILTER_SUBCATEGORIES];
    case 'services':
      return [...SERVICE_FILTER_SUBCATEGORIES];
    case 'classifieds':
      return [...tree];
    default:
      return uniqueOptions([
        ...tree,
        ...BOOK_GENRES,
        ...PRODUCT_FILTER_SUBCATEGORIES,
        ...SERVICE_FILTER_SUBCATEGORIES,
      ]);
  }
}

/** The label of a sub-category value of any list. */
export function subcategoryLabel(value: string): string {
  const option = subcategoryOptions(undefined).find((candidate) => candidate.value === value);
  return option?.label ?? (categoryLabel(value) !== value ? categoryLabel(value) : genreLabel(value));
}

function pick<T extends string>(
  raw: string | null,
  values: readonly T[],
  what: string,
  notes: string[],
): T | undefined {
  const value = (raw ?? '').trim();
  if (value === '' || value.toLowerCase() === 'all') return undefined;
  const found = values.find((candidate) => candidate === value.toLowerCase());
  if (!found) notes.push(`Unknown ${what} ${quoted(value)} was ignored.`);
  return found;
}

/**
 * Reads the market's query string. Unknown, malformed or out-of-range values
 * are dropped with a visible note (the rest of the view still applies), never
 * an error; unknown parameter names are named in a note too.
 */
export function parseMarketParams(params: URLSearchParams): MarketRequest {
  const notes: string[] = [];
  const filters: MarketFilters = { sort: 'newest' };

  const search = parseSearch(params.get('search'));
  notes.push(...search.notes);
  if (search.terms.length > 0) filters.search = { text: search.text, terms: search.terms };

  const types = ITEM_TYPES.map((option) => option.value).filter(
    (value): value is Exclude<ItemType, 'all'> => value !== 'all',
  );
  filters.type = pick(params.get('type'), types, 'item type', notes);
  filters.category = pick(
    params.get('category'),
    LISTING_CATEGORIES.map((category) => category.value),
    'category',
    notes,
  );

  const rawSub = (params.get('subcategory') ?? '').trim();
  if (rawSub !== '' && rawSub.toLowerCase() !== 'all' && rawSub.toLowerCase() !== 'none') {
    const wanted = rawSub.toLowerCase();
    const options = subcategoryOptions(
      filters.type,
      filters.type === 'classifieds' ? filters.category : undefined,
    );
    if (options.some((option) => option.value === wanted)) filters.subcategory = wanted;
    else notes.push(`Sub-category ${quoted(rawSub)} does not fit the chosen filters, so it was ignored.`);
  }

  const bands = PRICE_FILTERS.map((option) => option.value).filter(
    (value): value is PriceBand => value !== 'all',
  );
  filters.price = pick(params.get('price'), bands, 'price range', notes);
  filters.sort =
    pick(
      params.get('sort'),
      MARKETPLACE_SORTS.map((option) => option.value),
      'sort order',
      notes,
    ) ?? 'newest';

  const rawAfter = params.get('after');
  let after: string | undefined;
  if (rawAfter !== null && rawAfter !== '') {
    if (cursorSchema.safeParse(rawAfter).success) after = rawAfter;
    else notes.push('That page link was not valid, so the first page is shown.');
  }

  const unknown = [...new Set(params.keys())].filter(
    (key) => !(MARKET_PARAMS as readonly string[]).includes(key),
  );
  if (unknown.length > 0)
    notes.push(
      `Unknown ${unknown.length === 1 ? 'parameter' : 'parameters'} ${unknown.map(quoted).join(', ')} ignored.`,
    );
  return { filters, after, notes };
}

/** True when any filter (not the sort) is set. */
export function hasMarketFilters(filters: MarketFilters): boolean {
  return Boolean(filters.search || filters.category || filters.subcategory || filters.type || filters.price);
}

/** The canonical query string of a market view (with a leading '?', or '' when empty). */
export function marketQuery(filters: MarketFilters, after?: string): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search.text);
  if (filters.type) params.set('type', filters.type);
  if (filters.category) params.set('category', filters.category);
  if (filters.subcategory) params.set('subcategory', filters.subcategory);
  if (filters.price) params.set('price', filters.price);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (after) params.set('after', after);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** A filter the market can be loosened by, with the link that drops it. */
export interface LoosenOption {
  /** What to drop, e.g. 'the price range “Under $10”'. */
  label: string;
  /** The view without that filter. */
  href: string;
}

/** For an empty result: each active filter, named, with a link to the same view without it. */
export function filtersToLoosen(filters: MarketFilters, path: string): LoosenOption[] {
  const without = (change: Partial<MarketFilters>): string =>
    `${path}${marketQuery({ ...filters, ...change })}`;
  const options: LoosenOption[] = [];
  if (filters.search)
    options.push({ label: `the search “${filters.search.text}”`, href: without({ search: undefined }) });
  if (filters.type) {
    const label = ITEM_TYPES.find((option) => option.value === filters.type)?.label ?? filters.type;
    options.push({
      label: `the item type “${label}”`,
      href: without({ type: undefined, subcategory: undefined }),
    });
  }
  if (filters.category)
    options.push({
      label: `the category “${categoryLabel(filters.category)}”`,
      href: without({ category: undefined }),
    });
  if (filters.subcategory)
    options.push({
      label: `the sub-category “${subcategoryLabel(filters.subcategory)}”`,
      href: without({ subcategory: undefined }),
    });
  if (filters.price) {
    const label = PRICE_FILTERS.find((option) => option.value === filters.price)?.label ?? filters.price;
    options.push({ label: `the price range “${label}”`, href: without({ price: undefined }) });
  }
  return options;
}

// ---------------------------------------------------------------------------
// Query plan

/** An equality the query applies. */
export type MarketEquality = readonly [field: 'type' | 'category' | 'price_band', value: string];
/** An ordering of the query. */
export type MarketOrder = readonly [
  field:
    'created_at' | 'price_low_key' | 'price_high_key' | 'views_count' | 'is_featured' | 'publication_key',
  direction: 'asc' | 'desc',
];

/** How a market view is fetched. */
export interface MarketPlan {
  /** Equality filters. */
  equals: MarketEquality[];
  /** The one array-contains filter, if any. */
  arrayContains?: { field: 'search_keywords' | 'subcategories'; value: string };
  /** Orderings; every sort ends with newest first so ties are stable. */
  orderBy: MarketOrder[];
  /** What is checked in memory on fetched entries; empty means the query is exact. */
  residual: { subcategory?: string; terms: string[] };
}

/**
 * The orderings of each sort; items without a price come last in both price
 * orders (market-entry.ts price keys), items without a publication date (every
 * product and ad, and undated books) last in 'published' (NO_PUBLICATION_KEY).
 */
export const SORT_ORDERS: Readonly<Record<MarketplaceSort, readonly MarketOrder[]>> = {
  newest: [['created_at', 'desc']],
  oldest: [['created_at', 'asc']],
  'price-low': [
    ['price_low_key', 'asc'],
    ['created_at', 'desc'],
  ],
  'price-high': [
    ['price_high_key', 'desc'],
    ['created_at', 'desc'],
  ],
  popular: [
    ['views_count', 'desc'],
    ['created_at', 'desc'],
  ],
  featured: [
    ['is_featured', 'desc'],
    ['created_at', 'desc'],
  ],
  published: [
    ['publication_key', 'desc'],
    ['created_at', 'desc'],
  ],
};

/** Plans the one indexed query of a market view. */
export function planMarket(filters: MarketFilters): MarketPlan {
  const equals: MarketEquality[] = [];
  if (filters.type) equals.push(['type', ITEM_TYPE_TO_ENTRY[filters.type]]);
  if (filters.category) equals.push(['category', filters.category]);
  if (filters.price) equals.push(['price_band', filters.price]);
  const orderBy = [...SORT_ORDERS[filters.sort]];
  if (filters.search) {
    const primary = primaryTerm(filters.search.terms) as string;
    return {
      equals,
      arrayContains: { field: 'search_keywords', value: primary },
      orderBy,
      residual: {
        subcategory: filters.subcategory,
        terms: filters.search.terms.filter((term) => term !== primary),
      },
    };
  }
  if (filters.subcategory)
    return {
      equals,
      arrayContains: { field: 'subcategories', value: filters.subcategory },
      orderBy,
      residual: { terms: [] },
    };
  return { equals, orderBy, residual: { terms: [] } };
}

/** True when nothing is left to check in memory, so a page is one fetch and count() is exact. */
export function isExactPlan(plan: MarketPlan): boolean {
  return plan.residual.subcategory === undefined && plan.residual.terms.length === 0;
}

/** True when a fetched entry passes the in-memory part of the plan. */
export function matchesMarketResidual(
  entry: Pick<MarketEntry, 'subcategories' | 'search_keywords'>,
  residual: MarketPlan['residual'],
): boolean {
  if (residual.subcategory !== undefined && !entry.subcategories.includes(residual.subcategory)) return false;
  return matchesAllTerms(entry.search_keywords, residual.terms);
}

/**
 * Orders entries as the plan's query does (the emulator-free reference of
 * SORT_ORDERS, used by the unit tests and to check a page's order).
 */
export function compareByPlan(orderBy: readonly MarketOrder[]) {
  return (a: MarketEntry, b: MarketEntry): number => {
    for (const [field, direction] of orderBy) {
      const va = field === 'created_at' ? a.created_at.getTime() : Number(a[field]);
      const vb = field === 'created_at' ? b.created_at.getTime() : Number(b[field]);
      if (va !== vb) return direction === 'asc' ? va - vb : vb - va;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}
