// Every query the book listings and the market plan has its composite index in
// firestore.indexes.json. The emulator runs any query without one, so without
// this check a missing index would only show as a failing page after a deploy.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LISTING_SORTS,
  planListing,
  type BookFilters,
  type ListingKind,
} from '../../../src/domain/books/book-listing.ts';
import { planMarket, type MarketFilters } from '../../../src/domain/market/market.ts';
import { MARKETPLACE_SORTS } from '../../../src/domain/items/marketplace.ts';

interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
const { indexes } = JSON.parse(readFileSync('firestore.indexes.json', 'utf8')) as {
  indexes: { collectionGroup: string; fields: IndexField[] }[];
};

const asc = (fieldPath: string): IndexField => ({ fieldPath, order: 'ASCENDING' });
const contains = (fieldPath: string): IndexField => ({ fieldPath, arrayConfig: 'CONTAINS' });
const ordered = (orderBy: readonly (readonly [string, 'asc' | 'desc'])[]): IndexField[] =>
  orderBy.map(([fieldPath, direction]) => ({
    fieldPath,
    order: direction === 'asc' ? 'ASCENDING' : 'DESCENDING',
  }));

/**
 * True when an index serves the query: its equality fields (any order, each
 * ascending), then the array-contains, then the orderings in the query's order.
 */
function hasIndex(collection: string, equalities: string[], filter: IndexField[], order: IndexField[]) {
  const key = (fields: IndexField[]) => JSON.stringify(fields);
  return indexes.some((index) => {
    if (index.collectionGroup !== collection) return false;
    const head = index.fields.slice(0, equalities.length);
    const tail = index.fields.slice(equalities.length);
    return (
      key([...head].sort((a, b) => a.fieldPath.localeCompare(b.fieldPath))) ===
        key([...equalities].sort().map(asc)) && key(tail) === key([...filter, ...order])
    );
  });
}

describe('book listing indexes', () => {
  const search = { text: 'moon', terms: ['moon'] };
  const filterSets: BookFilters[] = [
    {},
    { genre: 'fantasy' },
    { search },
    { category: 'fiction' },
    { category: 'fiction', genre: 'fantasy' },
    { category: 'fiction', search },
  ];
  const cases = (['all', 'free', 'audio'] as ListingKind[]).flatMap((kind) =>
    filterSets.flatMap((filters) =>
      LISTING_SORTS.map(({ value }) => ({
        kind,
        filters: value === 'newest' ? filters : { ...filters, sort: value },
      })),
    ),
  );

  it.each(cases)('$kind $filters has its index', ({ kind, filters }) => {
    const plan = planListing(kind, filters);
    const found = hasIndex(
      'books',
      plan.equals.map(([field]) => field),
      plan.arrayContains ? [contains(plan.arrayContains.field)] : [],
      ordered(plan.orderBy),
    );
    expect(found, JSON.stringify(plan)).toBe(true);
  });
});

describe('market indexes', () => {
  // Firestore merges the indexes of several equalities, so each filter needs an index of its own with each sort.
  const filterSets: Omit<MarketFilters, 'sort'>[] = [
    {},
    { type: 'books' },
    { category: 'books-publications' },
    { price: 'free' },
    { search: { text: 'oak', terms: ['oak'] } },
    { subcategory: 'mystery' },
  ];
  const cases = MARKETPLACE_SORTS.flatMap(({ value: sort }) =>
    filterSets.map((filters) => ({ filters: { ...filters, sort } as MarketFilters })),
  );

  it.each(cases)('$filters has its index', ({ filters }) => {
    const plan = planMarket(filters);
    const order = ordered(plan.orderBy);
    const filtered = plan.equals.length > 0 || plan.arrayContains !== undefined;
    // One ordering and no filter is served by Firestore's own single-field index.
    if (!filtered && order.length === 1) return;
    const found = hasIndex(
      'market_listings',
      plan.equals.map(([field]) => field),
      plan.arrayContains ? [contains(plan.arrayContains.field)] : [],
      order,
    );
    expect(found, JSON.stringify(plan)).toBe(true);
  });
});
