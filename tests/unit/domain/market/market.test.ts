import { describe, expect, it } from 'vitest';
import {
  NO_PRICE_HIGH_KEY,
  NO_PRICE_LOW_KEY,
  entryFromAd,
  entryFromBook,
  entryFromProduct,
  marketEntryId,
  marketEntrySchema,
  priceBand,
  publicationKeyUpdates,
  sameEntry,
  type MarketEntry,
  type StoredDoc,
  type OwnerStatus,
} from '../../../../src/domain/market/market-entry.ts';
import {
  MARKET_PARAMS,
  SORT_ORDERS,
  compareByPlan,
  filtersToLoosen,
  isExactPlan,
  marketQuery,
  matchesMarketResidual,
  parseMarketParams,
  planMarket,
  subcategoryOptions,
} from '../../../../src/domain/market/market.ts';
import { NO_PUBLICATION_KEY } from '../../../../src/domain/books/catalogue.ts';
import {
  MARKETPLACE_SORTS,
  PRICE_FILTERS,
  sortMarketplaceItems,
} from '../../../../src/domain/items/marketplace.ts';

const approved: OwnerStatus = { is_active: true, approval_status: 'approved' };
const created_at = new Date('2026-01-02T03:04:05Z');
const book = {
  user_id: 'u1',
  title: 'Midnight Tide',
  genre: ['mystery'],
  cover_image: '/media/c.webp',
  ebook_price: 4.99,
  paperback_price: 12,
  hardcover_price: null,
  audiobook_price: 3.5,
  is_active: true,
  is_featured: false,
  created_at,
};
const product = {
  user_id: 'u1',
  title: 'Oak Bookends',
  category: 'product' as const,
  subcategory: 'book-accessories',
  price_numeric: 25,
  currency: 'EUR' as const,
  image_url: null,
  tags: ['oak', 'handmade'],
  is_active: true,
  is_featured: true,
  views_count: 7,
  created_at,
};
const ad = {
  user_id: 'u2',
  title: 'Signed first edition',
  category: 'books-publications',
  subcategory: 'signed-books',
  price: null,
  currency: 'USD' as const,
  tags: ['rare', 'signed', 'vintage', 'hardback'],
  is_active: true,
  is_featured: false,
  views_count: 3,
  created_at,
};

describe('market entries', () => {
  it('a book is listed at its market price: the lowest of its format prices', () => {
    const entry = entryFromBook('b1', book, approved)!;
    expect(entry).toMatchObject({
      type: 'book',
      price: 3.5,
      price_band: 'under-10',
      category: 'books-publications',
      subcategories: ['mystery'],
      path: '/book/b1',
    });
    expect(entry.search_keywords).toContain('midn');
    expect(entry.publication_key).toBe(NO_PUBLICATION_KEY);
    expect(entryFromBook('b1', { ...book, publication_date: '2027-03-14' }, approved)?.publication_key).toBe(
      20270314,
    );
    expect(marketEntrySchema.safeParse({ id: marketEntryId('books', 'b1'), ...entry }).success).toBe(true);
    // An entry stored before the key still parses, so it shows in every other sort until the backfill.
    const { publication_key: _absent, ...older } = entry;
    expect(marketEntrySchema.parse({ id: marketEntryId('books', 'b1'), ...older }).publication_key).toBe(
      NO_PUBLICATION_KEY,
    );
  });

  it('a product is filed under its listing category; a service is typed service', () => {
    expect(entryFromProduct('p1', product, approved)).toMatchObject({
      type: 'product',
      category: 'book-accessories',
      price_band: '10-50',
      currency: 'EUR',
      path: '/product-service/p1',
      publication_key: NO_PUBLICATION_KEY,
    });
    expect(
      entryFromProduct('p2', { ...product, category: 'service', subcategory: 'editing' }, approved),
    ).toMatchObject({ type: 'service', category: 'writing-editorial' });
    expect(
      entryFromProduct('p3', { ...product, category: 'book', subcategory: 'fantasy' }, approved),
    ).toMatchObject({ type: 'product', category: 'books-publications' });
  });

  it('an ad without a price sorts last both ways and has no band; tags are searchable', () => {
    const entry = entryFromAd('a1', ad, approved)!;
    expect(entry).toMatchObject({
      price: null,
      price_band: null,
      price_low_key: NO_PRICE_LOW_KEY,
      price_high_key: NO_PRICE_HIGH_KEY,
      publication_key: NO_PUBLICATION_KEY,
      path: '/classifieds/a1',
    });
    expect(entry.search_keywords).toEqual(expect.arrayContaining(['sig', 'vintage', 'har']));
  });

  it('an item hidden by moderation is not listed (the visibility rule)', () => {
    expect(entryFromAd('a1', { ...ad, moderation_hidden: true }, approved)).toBeNull();
    expect(entryFromProduct('p1', { ...product, moderation_hidden: true }, approved)).toBeNull();
    expect(entryFromBook('b1', { ...book, moderation_hidden: true }, approved)).toBeNull();
    expect(entryFromAd('a1', { ...ad, moderation_hidden: false }, approved)).not.toBeNull();
  });

  it('only active items of active, approved owners are listed', () => {
    expect(entryFromAd('a1', { ...ad, is_active: false }, approved)).toBeNull();
    expect(entryFromAd('a1', ad, { is_active: false, approval_status: 'approved' })).toBeNull();
    expect(entryFromAd('a1', ad, { is_active: true, approval_status: 'pending' })).toBeNull();
    expect(entryFromBook('b1', book, null)).toBeNull();
    expect(entryFromProduct('p1', product, { is_active: true, approval_status: 'denied' })).toBeNull();
  });

  it('ids never collide across collections', () => {
    expect(
      new Set([
        marketEntryId('books', 'x'),
        marketEntryId('products_services', 'x'),
        marketEntryId('classified_ads', 'x'),
      ]).size,
    ).toBe(3);
  });

  it('sameEntry compares dates by time and notices any other change', () => {
    const entry = entryFromAd('a1', ad, approved)!;
    const stored = { ...entry, created_at: { toDate: () => new Date(created_at) } };
    expect(sameEntry(stored, entry)).toBe(true);
    expect(sameEntry({ ...stored, views_count: 4 }, entry)).toBe(false);
    expect(sameEntry({ ...stored, extra: 1 }, entry)).toBe(false);
    expect(sameEntry(undefined, entry)).toBe(false);
  });
});

describe('price bands', () => {
  it('match the price filters, boundaries included', () => {
    for (const price of [0, 0.01, 9.99, 10, 50, 50.01, 100, 100.01, 5000]) {
      const band = priceBand(price);
      const expected = PRICE_FILTERS.find((filter) => filter.value !== 'all' && filter.matches(price))!.value;
      expect(band, `price ${price}`).toBe(expected);
    }
    expect([priceBand(0), priceBand(10), priceBand(50), priceBand(100), priceBand(101)]).toEqual([
      'free',
      '10-50',
      '10-50',
      '50-100',
      'over-100',
    ]);
    expect(priceBand(null)).toBeNull();
    expect(priceBand(Number.NaN)).toBeNull();
  });
});

describe('sort orders', () => {
  const at = (day: number) => new Date(Date.UTC(2026, 0, day));
  const make = (
    id: string,
    day: number,
    price: number | null,
    views: number,
    featured: boolean,
  ): MarketEntry => ({
    ...entryFromAd(
      id,
      { ...ad, price, views_count: views, is_featured: featured, created_at: at(day) },
      approved,
    )!,
    id,
  });
  const entries = [
    make('a', 1, 20, 5, false),
    make('b', 2, null, 9, true),
    make('c', 3, 5, 0, false),
    make('d', 4, 20, 5, true),
    make('e', 5, 0, 1, false),
  ];

  it.each(MARKETPLACE_SORTS.map((sort) => sort.value))(
    '%s orders the index as the marketplace sort does',
    (sort) => {
      const viaIndex = [...entries].sort(compareByPlan(SORT_ORDERS[sort])).map((entry) => entry.id);
      const reference = sortMarketplaceItems(entries, sort).map((entry) => entry.id);
      expect(viaIndex).toEqual(reference);
    },
  );

  it('each sort gives the expected order', () => {
    const order = (sort: keyof typeof SORT_ORDERS) =>
      [...entries]
        .sort(compareByPlan(SORT_ORDERS[sort]))
        .map((entry) => entry.id)
        .join('');
    expect(order('newest')).toBe('edcba');
    expect(order('oldest')).toBe('abcde');
    expect(order('price-low')).toBe('ecdab');
    expect(order('price-high')).toBe('daceb');
    expect(order('popular')).toBe('bdaec');
    expect(order('featured')).toBe('dbeca');
    // Ads have no publication date: the newest-first tie-break alone orders them.
    expect(order('published')).toBe('edcba');
  });

  it('published: newest publication first (a preorder’s date leads), then books without a date, products and ads, newest first', () => {
    const dated = (id: string, day: number, date: string | null): MarketEntry => ({
      ...entryFromBook(id, { ...book, created_at: at(day), publication_date: date }, approved)!,
      id,
    });
    const product1: MarketEntry = {
      ...entryFromProduct('p', { ...product, created_at: at(8) }, approved)!,
      id: 'p',
    };
    const mixed = [
      ...entries,
      dated('old', 9, '1999-04-01'),
      dated('preorder', 1, '2031-02-03'),
      dated('recent', 2, '2025-11-30'),
      dated('undated', 7, null),
      dated('same-day', 6, '2025-11-30'),
      product1,
    ];
    const viaIndex = [...mixed].sort(compareByPlan(SORT_ORDERS.published)).map((entry) => entry.id);
    expect(viaIndex).toEqual([
      'preorder',
      'same-day',
      'recent',
      'old',
      'p',
      'undated',
      'e',
      'd',
      'c',
      'b',
      'a',
    ]);
    expect(sortMarketplaceItems(mixed, 'published').map((entry) => entry.id)).toEqual(viaIndex);
  });
});

describe('publication key backfill', () => {
  it('names only the books and entries whose stored key differs: a book’s from its date, its entry the same, others the no-date key', () => {
    const books: StoredDoc[] = [
      { id: 'dated', data: { publication_date: '2024-03-05' } },
      { id: 'undated', data: {} },
      { id: 'done', data: { publication_date: '2001-01-01', publication_key: 20010101 } },
      { id: 'moved', data: { publication_date: null, publication_key: 20010101 } },
    ];
    const entries: StoredDoc[] = [
      { id: 'book_dated', data: { source: 'books', source_id: 'dated' } },
      { id: 'book_done', data: { source: 'books', source_id: 'done', publication_key: 20010101 } },
      { id: 'item_p', data: { source: 'products_services', source_id: 'p' } },
      { id: 'ad_a', data: { source: 'classified_ads', source_id: 'a', publication_key: NO_PUBLICATION_KEY } },
      { id: 'book_gone', data: { source: 'books', source_id: 'gone' } },
    ];
    const updates = publicationKeyUpdates(books, entries);
    expect(updates).toEqual({
      books: [
        { id: 'dated', key: 20240305 },
        { id: 'undated', key: NO_PUBLICATION_KEY },
        { id: 'moved', key: NO_PUBLICATION_KEY },
      ],
      entries: [
        { id: 'book_dated', key: 20240305 },
        { id: 'item_p', key: NO_PUBLICATION_KEY },
        { id: 'book_gone', key: NO_PUBLICATION_KEY },
      ],
    });
    // Once written, a second run has nothing to do.
    const written = (docs: StoredDoc[], done: { id: string; key: number }[]) =>
      docs.map((doc) => {
        const update = done.find((u) => u.id === doc.id);
        return update ? { id: doc.id, data: { ...doc.data, publication_key: update.key } } : doc;
      });
    expect(publicationKeyUpdates(written(books, updates.books), written(entries, updates.entries))).toEqual({
      books: [],
      entries: [],
    });
  });
});

describe('market query string', () => {
  it('reads every filter and writes the same canonical URL back', () => {
    const { filters, notes, after } = parseMarketParams(
      new URLSearchParams(
        'search=Oak%20ends&type=products&category=book-accessories&subcategory=book-accessories&price=10-50&sort=price-low&after=item_1',
      ),
    );
    expect(notes).toEqual([]);
    expect(after).toBe('item_1');
    expect(filters).toMatchObject({
      type: 'products',
      category: 'book-accessories',
      subcategory: 'book-accessories',
      price: '10-50',
      sort: 'price-low',
    });
    expect(marketQuery(filters)).toBe(
      '?search=Oak+ends&type=products&category=book-accessories&subcategory=book-accessories&price=10-50&sort=price-low',
    );
  });

  it('drops unknown, malformed and out-of-range values with a note and keeps the rest', () => {
    const { filters, notes, after } = parseMarketParams(
      new URLSearchParams('type=boats&price=cheap&sort=random&category=x&after=../etc&page=2&search=a'),
    );
    expect(filters).toEqual({ sort: 'newest', type: undefined, category: undefined, price: undefined });
    expect(after).toBeUndefined();
    expect(notes).toHaveLength(7);
    expect(notes.join(' ')).toMatch(/item type “boats”.*price range “cheap”.*sort order “random”/s);
    expect(notes.join(' ')).toContain('“page”');
  });

  it('reads sort=published and writes it back; newest stays out of the URL', () => {
    const { filters, notes } = parseMarketParams(new URLSearchParams('type=books&sort=Published'));
    expect(notes).toEqual([]);
    expect(filters.sort).toBe('published');
    expect(marketQuery(filters)).toBe('?type=books&sort=published');
    expect(planMarket(filters).orderBy).toEqual([
      ['publication_key', 'desc'],
      ['created_at', 'desc'],
    ]);
    expect(marketQuery(parseMarketParams(new URLSearchParams('sort=newest')).filters)).toBe('');
  });

  it('accepts a sub-category only when it fits the chosen type', () => {
    expect(parseMarketParams(new URLSearchParams('type=books&subcategory=mystery')).filters.subcategory).toBe(
      'mystery',
    );
    const wrong = parseMarketParams(new URLSearchParams('type=services&subcategory=mystery'));
    expect(wrong.filters.subcategory).toBeUndefined();
    expect(wrong.notes[0]).toContain('does not fit');
    expect(subcategoryOptions('classifieds', 'other').map((option) => option.value)).toEqual([
      'wanted',
      'swaps-trades',
      'miscellaneous',
    ]);
  });

  it('knows only the documented parameters', () => {
    expect(MARKET_PARAMS).toEqual(['search', 'category', 'subcategory', 'type', 'price', 'sort', 'after']);
  });

  it('names each filter to loosen with a link without it', () => {
    const { filters } = parseMarketParams(new URLSearchParams('type=classifieds&price=free&search=zebra'));
    const options = filtersToLoosen(filters, '/classifieds');
    expect(options.map((option) => option.label)).toEqual([
      'the search “zebra”',
      'the item type “Classifieds”',
      'the price range “Free”',
    ]);
    expect(options[2]!.href).toBe('/classifieds?search=zebra&type=classifieds');
  });
});

describe('query plan', () => {
  it('is one exact query for equalities and a sub-category', () => {
    const plan = planMarket(
      parseMarketParams(new URLSearchParams('type=books&price=free&subcategory=mystery&sort=popular'))
        .filters,
    );
    expect(plan.equals).toEqual([
      ['type', 'book'],
      ['price_band', 'free'],
    ]);
    expect(plan.arrayContains).toEqual({ field: 'subcategories', value: 'mystery' });
    expect(plan.orderBy).toEqual([
      ['views_count', 'desc'],
      ['created_at', 'desc'],
    ]);
    expect(isExactPlan(plan)).toBe(true);
  });

  it('searches on the longest term and checks the rest in memory', () => {
    const plan = planMarket(
      parseMarketParams(new URLSearchParams('search=oak bookends&type=books&subcategory=mystery')).filters,
    );
    expect(plan.arrayContains).toEqual({ field: 'search_keywords', value: 'bookends' });
    expect(plan.residual).toEqual({ subcategory: 'mystery', terms: ['oak'] });
    expect(isExactPlan(plan)).toBe(false);
    expect(
      matchesMarketResidual({ subcategories: ['mystery'], search_keywords: ['oa', 'oak'] }, plan.residual),
    ).toBe(true);
    expect(
      matchesMarketResidual({ subcategories: ['romance'], search_keywords: ['oa', 'oak'] }, plan.residual),
    ).toBe(false);
  });
});

describe('the result count', () => {
  it('counts up to the cap, so a view costs the same however large the market grows', async () => {
    const { MARKET_COUNT_CAP, marketCountText } = await import('../../../../src/domain/market/market.ts');
    expect(MARKET_COUNT_CAP).toBe(1000);
    expect(marketCountText(1)).toBe('1 listing');
    expect(marketCountText(24)).toBe('24 listings');
    expect(marketCountText(999)).toBe('999 listings');
    expect(marketCountText(1000)).toBe('1000+ listings');
  });
});
