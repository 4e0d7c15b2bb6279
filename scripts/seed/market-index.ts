// The market index entries of the seeded listings, computed with the same
// functions the marketIndex triggers use, so the seeded market is what the
// triggers would have built.
import { bookSchema } from '../../src/domain/books/book.ts';
import { bookKindOf } from '../../src/domain/accounts/visibility.ts';
import { classifiedAdSchema } from '../../src/domain/market/classified-ad.ts';
import {
  MARKET_COLLECTION,
  entryFromAd,
  entryFromBook,
  entryFromProduct,
  marketEntryId,
  type MarketEntryWrite,
} from '../../src/domain/market/market-entry.ts';
import { productServiceSchema } from '../../src/domain/items/product-service.ts';
import { profileSchema } from '../../src/domain/accounts/profile.ts';
import { parseDoc } from '../../src/data/firestore-convert.ts';
import type { SeedDoc } from './context.ts';

/** One market_listings document per public book, product/service and ad among `docs`. */
export function generateMarketEntries(docs: readonly SeedDoc[]): SeedDoc[] {
  const owners = new Map(
    docs
      .filter((d) => d.collection === 'profiles')
      .map((d) => [d.id, parseDoc(profileSchema, d.id, d.data, 'profiles')]),
  );
  const entries: SeedDoc[] = [];
  const add = (
    collection: 'books' | 'products_services' | 'classified_ads',
    id: string,
    entry: MarketEntryWrite | null,
  ) => {
    if (entry)
      entries.push({ collection: MARKET_COLLECTION, id: marketEntryId(collection, id), data: entry });
  };
  for (const doc of docs) {
    const owner = owners.get(String(doc.data.user_id));
    // A catalogue book (no owner) is in no market.
    if (doc.collection === 'books' && bookKindOf(doc.data) === 'listed')
      add('books', doc.id, entryFromBook(doc.id, parseDoc(bookSchema, doc.id, doc.data, 'books'), owner));
    if (doc.collection === 'products_services') {
      add(
        'products_services',
        doc.id,
        entryFromProduct(
          doc.id,
          parseDoc(productServiceSchema, doc.id, doc.data, 'products_services'),
          owner,
        ),
      );
    }
    if (doc.collection === 'classified_ads') {
      add(
        'classified_ads',
        doc.id,
        entryFromAd(doc.id, parseDoc(classifiedAdSchema, doc.id, doc.data, 'classified_ads'), owner),
      );
    }
  }
  return entries;
}
