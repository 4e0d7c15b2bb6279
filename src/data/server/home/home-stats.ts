// The home page's counts (Book Categories, Free eBooks, Audiobooks and
// Marketplace blocks), read at build time. Every figure is a count() aggregation,
// so the cost is bounded by the size of the genre catalogue, not of the library.
import { MARKET_COLLECTION } from '../../../domain/market/market-entry.ts';
import type { Firestore, Query } from 'firebase-admin/firestore';
import { BOOK_CATEGORY_VALUES, GENRE_CATALOGUE, type BookCategory } from '../../../domain/items/genres.ts';
import { MARKETPLACE_CATEGORY_SAMPLE, type MarketplaceCounts } from '../../../domain/home/home.ts';
import { getDb } from '../shared/firestore.ts';
import { meterCount, meterQuery } from '../shared/read-meter.ts';

/** Which books a home section counts: all active ones, free reads, or audiobooks. */
export type BookSection = 'all' | 'free' | 'audio';

/** Book counts of one home section: per category, and per catalogue genre within its category. */
export interface SectionCounts {
  /** Active books per category. */
  byCategory: Record<BookCategory, number>;
  /** Active books per genre slug (counted within the genre's own category). */
  byGenre: Record<string, number>;
}

/**
 * The flags the listings helper keeps on each book (src/domain/books/book.ts):
 * has_free_reading mirrors isFreeReadable, has_audiobook mirrors hasAudiobook,
 * so a count needs no scan of manuscripts or URLs.
 */
const SECTION_FLAG: Record<BookSection, string | null> = {
  all: null,
  free: 'has_free_reading',
  audio: 'has_audiobook',
};

/** Public books (active, of an approved and active member: src/domain/accounts/visibility.ts), narrowed to the section. */
function sectionBooks(section: BookSection, db: Firestore): Query {
  const active = db.collection('books').where('is_public', '==', true);
  const flag = SECTION_FLAG[section];
  return flag ? active.where(flag, '==', true) : active;
}

async function count(query: Query): Promise<number> {
  const snap = await query.count().get();
  const value = snap.data().count;
  meterCount(value);
  return value;
}

/**
 * Counts for one section: 2 category counts and one per catalogue genre (43),
 * run in parallel. Load errors are only logged and leave zeros.
 */
export async function getSectionCounts(
  section: BookSection,
  db: Firestore = getDb(),
): Promise<SectionCounts> {
  const base = sectionBooks(section, db);
  const byCategory = { fiction: 0, 'non-fiction': 0 } as Record<BookCategory, number>;
  const byGenre: Record<string, number> = {};
  try {
    await Promise.all(
      BOOK_CATEGORY_VALUES.flatMap((category) => {
        const inCategory = base.where('category', '==', category);
        return [
          count(inCategory).then((n) => void (byCategory[category] = n)),
          ...GENRE_CATALOGUE[category].map((genre) =>
            count(inCategory.where('genre', 'array-contains', genre.value)).then(
              (n) => void (byGenre[genre.value] = n),
            ),
          ),
        ];
      }),
    );
  } catch (error) {
    console.error(`Failed to count ${section} books for the home page.`, error);
  }
  return { byCategory, byGenre };
}

/** The marketplace block's figures: public books, products/services and classified ads, and a category sample. */
export interface MarketplaceStats {
  /** The three counts. */
  counts: MarketplaceCounts;
  /** Category of up to 100 public ads, for the top-category chips. */
  adCategories: string[];
}

/**
 * Read from the market index (market_listings), so the block counts exactly
 * what /classifieds lists: only active items of active, approved members.
 * Three count() aggregations and one query of at most 100 ads that fetches only
 * their category field. Errors are only logged; the block then shows its empty state.
 */
export async function getMarketplaceStats(db: Firestore = getDb()): Promise<MarketplaceStats> {
  try {
    const market = db.collection(MARKET_COLLECTION);
    const [books, products, classifieds, sample] = await Promise.all([
      count(market.where('type', '==', 'book')),
      count(market.where('type', 'in', ['product', 'service'])),
      count(market.where('type', '==', 'classified')),
      market.where('type', '==', 'classified').select('category').limit(MARKETPLACE_CATEGORY_SAMPLE).get(),
    ]);
    meterQuery(sample);
    const adCategories = sample.docs.flatMap((doc) => {
      const category: unknown = doc.get('category');
      return typeof category === 'string' ? [category] : [];
    });
    return { counts: { books, products, classifieds }, adCategories };
  } catch (error) {
    console.error('Failed to load the marketplace stats for the home page.', error);
    return { counts: { books: 0, products: 0, classifieds: 0 }, adCategories: [] };
  }
}
