/**
 * The market index: one denormalised entry per public listing (book,
 * product, service or classified ad), document `market_listings/{entryId}`.
 *
 * Firestore cannot query four collections at once or sort them together, so
 * the market reads this one collection instead. Entries are written only by
 * the marketIndex triggers (functions/src/market/) and the seed, computed
 * here; an entry exists only while its listing is active and its owner is
 * active and approved, so the market never filters on visibility.
 */
import { z } from 'zod';
import { idSchema, moneySchema, nonNegativeInt, timestampSchema } from '../shared/common.ts';
import { marketplacePrice, type Book } from '../books/book.ts';
import { NO_PUBLICATION_KEY, publicationKey } from '../books/catalogue.ts';
import { DEFAULT_CURRENCY, PRICE_FILTERS, currencySchema } from '../items/marketplace.ts';
import type { ClassifiedAd } from './classified-ad.ts';
import type { ProductService } from '../items/product-service.ts';
import type { Profile } from '../accounts/profile.ts';
import { isItemPublic } from '../accounts/visibility.ts';
import { SEARCH_KEYWORD_MAX_LENGTH, searchKeywords } from '../shared/list-search.ts';
import { MAX_TAGS, tagsSchema } from '../shared/tags.ts';

/** The market index collection. */
export const MARKET_COLLECTION = 'market_listings';
/** Most search keywords an entry stores (title words first, then tags). */
export const MARKET_MAX_KEYWORDS = 200;
/** Most sub-categories an entry carries (a book's genres). */
export const MARKET_MAX_SUBCATEGORIES = 10;
/** Stored in price_low_key for listings without a price, so they come last when sorting low to high. */
export const NO_PRICE_LOW_KEY = 1e12;
/** Stored in price_high_key for listings without a price, so they come last when sorting high to low. */
export const NO_PRICE_HIGH_KEY = -1;

/** What kind of listing an entry stands for. */
export const MARKET_TYPES = ['book', 'product', 'service', 'classified'] as const;
/** A market entry type. */
export type MarketType = (typeof MARKET_TYPES)[number];
/** Card badge of each type. */
export const MARKET_TYPE_LABELS: Readonly<Record<MarketType, string>> = {
  book: 'Book',
  product: 'Product',
  service: 'Service',
  classified: 'Classified',
};

/** The source collections the index follows. */
export const MARKET_SOURCES = ['books', 'products_services', 'classified_ads'] as const;
/** A source collection. */
export type MarketSource = (typeof MARKET_SOURCES)[number];

/** Price-band values (PRICE_FILTERS without 'all'). */
export const PRICE_BANDS = ['free', 'under-10', '10-50', '50-100', 'over-100'] as const;
/** A price band. */
export type PriceBand = (typeof PRICE_BANDS)[number];

/** A market entry, document `market_listings/{source prefix}_{source id}`. */
export const marketEntrySchema = z
  .object({
    /** Document id (marketEntryId). */
    id: idSchema,
    /** What the listing is. */
    type: z.enum(MARKET_TYPES),
    /** Collection of the listing. */
    source: z.enum(MARKET_SOURCES),
    /** Id of the listing in its collection. */
    source_id: idSchema,
    /** Owner's uid. */
    user_id: idSchema,
    /** Listing title. */
    title: z.string().min(1).max(200),
    /** Folded title and tag words with their prefixes (search.ts). */
    search_keywords: z.array(z.string().max(SEARCH_KEYWORD_MAX_LENGTH)).max(MARKET_MAX_KEYWORDS).default([]),
    /** Top listing category (marketplace.ts LISTING_CATEGORIES). */
    category: z.string().min(1).max(60),
    /** Sub-category values: a book's genres, a product's or an ad's sub-category. */
    subcategories: z.array(z.string().min(1).max(60)).max(MARKET_MAX_SUBCATEGORIES).default([]),
    /** Market price, or null for 'Contact for Pricing'. */
    price: moneySchema.nullable(),
    /** Currency of price. */
    currency: currencySchema.default(DEFAULT_CURRENCY),
    /** The price filter the price falls in, or null without a price. */
    price_band: z.enum(PRICE_BANDS).nullable(),
    /** price, or NO_PRICE_LOW_KEY without one (sort key of 'price-low'). */
    price_low_key: z.number(),
    /** price, or NO_PRICE_HIGH_KEY without one (sort key of 'price-high'). */
    price_high_key: z.number(),
    /** A book's publicationKey (catalogue.ts), NO_PUBLICATION_KEY for products, ads and books without a date (sort key of 'published'). */
    // Defaulted so an entry stored before the key (not yet backfilled) still parses and shows in every other sort.
    publication_key: z.number().int().nonnegative().default(NO_PUBLICATION_KEY),
    /** Detail page views (0 for books, which have no counter). */
    views_count: nonNegativeInt.default(0),
    /** Featured flag of the listing. */
    is_featured: z.boolean().default(false),
    /** Picture for the card (cover or item image), when any. */
    image: z.string().max(2048).nullable(),
    /** Tags shown on the card. */
    tags: tagsSchema.default([]),
    /** Detail page of the listing. */
    path: z.string().min(1).max(300),
    /** When the listing was created. */
    created_at: timestampSchema,
  })
  .describe('market_listings');

/** A market entry. */
export type MarketEntry = z.infer<typeof marketEntrySchema>;
/** A market entry as written. */
export type MarketEntryWrite = Omit<MarketEntry, 'id'>;

const ID_PREFIX: Readonly<Record<MarketSource, string>> = {
  books: 'book',
  products_services: 'item',
  classified_ads: 'ad',
};

/** The entry id of a listing: a prefix naming its collection, then its id ('ad_x7Q'), so ids of two collections never collide. */
export function marketEntryId(source: MarketSource, sourceId: string): string {
  return `${ID_PREFIX[source]}_${sourceId}`;
}

/** The price band of a price (PRICE_FILTERS boundaries), or null without a price. */
export function priceBand(price: number | null | undefined): PriceBand | null {
  if (typeof price !== 'number' || !Number.isFinite(price)) return null;
  const band = PRICE_FILTERS.find((filter) => filter.value !== 'all' && filter.matches(price));
  return (band?.value as PriceBand | undefined) ?? null;
}

/**
 * The listing category a product or service is filed under in the market: its
 * sub-category when that is itself a listing category, else the nearest one.
 * Products of kind book go under Books & Publications.
 */
const ITEM_CATEGORY: Readonly<Record<string, string>> = {
  'book-accessories': 'book-accessories',
  'reading-accessories': 'reading-accessories',
  'book-merchandise': 'book-merchandise',
  'storage-organization': 'storage-organization',
  'book-care-preservation': 'preservation-care',
  'collector-items': 'collector-services',
  editing: 'writing-editorial',
  writing: 'writing-editorial',
  proofreading: 'writing-editorial',
  'beta-reading': 'writing-editorial',
  'cover-design': 'design-formatting',
  formatting: 'design-formatting',
  design: 'design-formatting',
  publishing: 'publishing-distribution',
  translation: 'publishing-distribution',
  marketing: 'marketing-publicity',
  'book-reviews': 'marketing-publicity',
};

/** The listing category books are filed under (the home page's Books card links to it). */
export const BOOKS_CATEGORY = 'books-publications';

/** The owner fields that decide whether their listings are public. */
export type OwnerStatus = Pick<Profile, 'is_active' | 'approval_status'>;

const round2 = (value: number) => Math.round(value * 100) / 100;

function priceFields(
  price: number | null | undefined,
): Pick<MarketEntryWrite, 'price' | 'price_band' | 'price_low_key' | 'price_high_key'> {
  const value = typeof price === 'number' && Number.isFinite(price) ? round2(price) : null;
  return {
    price: value,
    price_band: priceBand(value),
    price_low_key: value ?? NO_PRICE_LOW_KEY,
    price_high_key: value ?? NO_PRICE_HIGH_KEY,
  };
}

function keywords(title: string, tags: readonly string[]): string[] {
  return searchKeywords([title, tags.join(' ')], { maxKeywords: MARKET_MAX_KEYWORDS });
}

// The one visibility rule of books and products (src/domain/accounts/visibility.ts) decides for the market too.
const listed = isItemPublic;

/** The book fields an entry is made of. */
export type BookSource = Pick<
  Book,
  | 'user_id'
  | 'title'
  | 'genre'
  | 'cover_image'
  | 'ebook_price'
  | 'paperback_price'
  | 'hardcover_price'
  | 'audiobook_price'
  | 'is_active'
  | 'is_featured'
  | 'created_at'
> &
  /** Absent means not hidden (a fixture or a document older than the field); absent publication date means none. */
  Partial<Pick<Book, 'moderation_hidden' | 'publication_date'>>;

/** The entry of a book, or null when it is not public (inactive, or its owner is not active and approved). */
export function entryFromBook(
  id: string,
  book: BookSource,
  owner: OwnerStatus | null | undefined,
): MarketEntryWrite | null {
  if (!listed(book, owner)) return null;
  return {
    type: 'book',
    source: 'books',
    source_id: id,
    user_id: book.user_id,
    title: book.title,
    search_keywords: keywords(book.title, []),
    category: BOOKS_CATEGORY,
    subcategories: book.genre.slice(0, MARKET_MAX_SUBCATEGORIES),
    ...priceFields(marketplacePrice(book)),
    publication_key: publicationKey(book.publication_date),
    currency: DEFAULT_CURRENCY,
    views_count: 0,
    is_featured: book.is_featured,
    image: book.cover_image || null,
    tags: [],
    path: `/book/${id}`,
    created_at: book.created_at,
  };
}

/** The product/service fields an entry is made of. */
export type ProductSource = Pick<
  ProductService,
  | 'user_id'
  | 'title'
  | 'category'
  | 'subcategory'
  | 'price_numeric'
  | 'currency'
  | 'image_url'
  | 'tags'
  | 'is_active'
  | 'is_featured'
  | 'views_count'
  | 'created_at'
> &
  /** Absent means not hidden (a fixture or a document older than the field). */
  Partial<Pick<ProductService, 'moderation_hidden'>>;

/** The entry of a product or service, or null when it is not public. Kind book is listed as a product under Books & Publications. */
export function entryFromProduct(
  id: string,
  item: ProductSource,
  owner: OwnerStatus | null | undefined,
): MarketEntryWrite | null {
  if (!listed(item, owner)) return null;
  const sub = item.subcategory || null;
  const category = item.category === 'book' ? BOOKS_CATEGORY : (sub && ITEM_CATEGORY[sub]) || 'other';
  return {
    type: item.category === 'service' ? 'service' : 'product',
    source: 'products_services',
    source_id: id,
    user_id: item.user_id,
    title: item.title,
    search_keywords: keywords(item.title, item.tags),
    category,
    subcategories: sub ? [sub] : [],
    ...priceFields(item.price_numeric),
    publication_key: NO_PUBLICATION_KEY,
    currency: item.currency,
    views_count: item.views_count,
    is_featured: item.is_featured,
    image: item.image_url || null,
    tags: item.tags.slice(0, MAX_TAGS),
    path: `/product-service/${id}`,
    created_at: item.created_at,
  };
}

/** The ad fields an entry is made of. */
export type AdSource = Pick<
  ClassifiedAd,
  | 'user_id'
  | 'title'
  | 'category'
  | 'subcategory'
  | 'price'
  | 'currency'
  | 'tags'
  | 'image_url'
  | 'is_active'
  | 'is_featured'
  | 'views_count'
  | 'created_at'
> &
  /** Absent means not hidden nor held (a fixture or a document older than the fields). */
  Partial<Pick<ClassifiedAd, 'moderation_hidden' | 'moderation_held'>>;

/** The entry of a classified ad, or null when it is not public. */
export function entryFromAd(
  id: string,
  ad: AdSource,
  owner: OwnerStatus | null | undefined,
): MarketEntryWrite | null {
  if (!listed(ad, owner)) return null;
  return {
    type: 'classified',
    source: 'classified_ads',
    source_id: id,
    user_id: ad.user_id,
    title: ad.title,
    search_keywords: keywords(ad.title, ad.tags),
    category: ad.category,
    subcategories: ad.subcategory ? [ad.subcategory] : [],
    ...priceFields(ad.price),
    publication_key: NO_PUBLICATION_KEY,
    currency: ad.currency,
    views_count: ad.views_count,
    is_featured: ad.is_featured,
    image: ad.image_url || null,
    tags: ad.tags,
    path: `/classifieds/${id}`,
    created_at: ad.created_at,
  };
}

/** True when a stored entry already equals the computed one (so the trigger need not write, and cannot loop). */
export function sameEntry(stored: Record<string, unknown> | undefined, computed: MarketEntryWrite): boolean {
  if (stored === undefined) return false;
  const keys = Object.keys(computed) as (keyof MarketEntryWrite)[];
  if (Object.keys(stored).length !== keys.length) return false;
  return keys.every((key) => {
    const a = stored[key];
    const b = computed[key];
    if (b instanceof Date) {
      const time =
        a instanceof Date
          ? a.getTime()
          : typeof (a as { toDate?: unknown })?.toDate === 'function'
            ? (a as { toDate(): Date }).toDate().getTime()
            : NaN;
      return time === b.getTime();
    }
    return JSON.stringify(a) === JSON.stringify(b);
  });
}

/** A stored document as the publication-key backfill reads it. */
export interface StoredDoc {
  id: string;
  data: Record<string, unknown>;
}

/**
 * The publication_key writes that bring books and market entries stored before
 * the key existed up to date (scripts/backfill-publication-keys.ts): a book's key
 * from its publication date, a book's entry the same key, every other entry
 * NO_PUBLICATION_KEY. Only documents whose stored key differs are named, so a
 * second run writes nothing.
 */
export function publicationKeyUpdates(
  books: readonly StoredDoc[],
  entries: readonly StoredDoc[],
): { books: { id: string; key: number }[]; entries: { id: string; key: number }[] } {
  const keyOf = new Map(books.map(({ id, data }) => [id, publicationKey(data.publication_date as string)]));
  const stale = (docs: readonly StoredDoc[], key: (doc: StoredDoc) => number) =>
    docs.flatMap((doc) => (doc.data.publication_key === key(doc) ? [] : [{ id: doc.id, key: key(doc) }]));
  return {
    books: stale(books, ({ id }) => keyOf.get(id) ?? NO_PUBLICATION_KEY),
    entries: stale(entries, ({ data }) =>
      data.source === 'books' && typeof data.source_id === 'string'
        ? (keyOf.get(data.source_id) ?? NO_PUBLICATION_KEY)
        : NO_PUBLICATION_KEY,
    ),
  };
}
