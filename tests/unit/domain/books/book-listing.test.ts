import { describe, expect, it } from 'vitest';
import { bookSchema, MAX_SEARCH_KEYWORDS } from '../../../../src/domain/books/book.ts';
import {
  AUDIOBOOK_PARAMS,
  CATEGORY_PARAMS,
  LISTING_PAGE_SIZE,
  LISTING_SORT_ORDERS,
  MAX_SCAN,
  hasFilters,
  isExact,
  listingFieldsOf,
  listingPagingHrefs,
  listingQuery,
  matchesResidual,
  parseListingParams,
  planListing,
  sameListingFields,
  scanOptions,
  scanPage,
} from '../../../../src/domain/books/book-listing.ts';
import { NO_PUBLICATION_KEY, publicationKey } from '../../../../src/domain/books/catalogue.ts';
import { titleAuthorKey } from '../../../../src/domain/books/match-key.ts';
import {
  SEARCH_KEYWORD_MAX_LENGTH,
  SEARCH_TEXT_MAX_LENGTH,
} from '../../../../src/domain/shared/list-search.ts';

const params = (query: string) => new URLSearchParams(query);

describe('listing fields', () => {
  it('index the title, then the author, at most MAX_SEARCH_KEYWORDS keywords', () => {
    expect(
      listingFieldsOf({ title: 'The Moon', author: { display_name: 'Ann Mo' } }).search_keywords,
    ).toEqual(['th', 'the', 'mo', 'moo', 'moon', 'an', 'ann']);
    const manyWords = Array.from({ length: 100 }, (_, i) => `word${i}x`).join(' ');
    const keywords = listingFieldsOf({ title: manyWords, author: { display_name: 'Zed' } }).search_keywords;
    expect(keywords).toHaveLength(MAX_SEARCH_KEYWORDS);
    expect(keywords).not.toContain('zed');
  });

  it('derives the listing fields from manuscript, audiobook URL, title and author', () => {
    const fields = listingFieldsOf({
      title: 'Night Tide',
      author: { display_name: 'Ida Ng' },
      audiobook_url: ' ',
      manuscript_content: [{ id: 's1', type: 'image', title: '', content: '/x.png', order: 0 }],
    });
    expect(fields).toEqual({
      has_free_reading: false,
      has_audiobook: false,
      search_keywords: ['ni', 'nig', 'nigh', 'night', 'ti', 'tid', 'tide', 'id', 'ida', 'ng'],
      series_slug: null,
      publication_key: NO_PUBLICATION_KEY,
      match_key: 'night tide|ida ng',
    });
    const free = listingFieldsOf({
      title: 'X',
      audiobook_url: 'https://a.example/x',
      manuscript_content: [{ id: 's', type: 'url', title: '', content: 'https://r.example', order: 0 }],
    });
    expect(free.has_free_reading).toBe(true);
    expect(free.has_audiobook).toBe(true);
  });

  it('gives a book in a series its series address, and none to a name without letters or digits', () => {
    expect(listingFieldsOf({ title: 'X', series: 'The Tidewater Trilogy' }).series_slug).toBe(
      'the-tidewater-trilogy',
    );
    expect(listingFieldsOf({ title: 'X', series: '  ' }).series_slug).toBeNull();
    expect(listingFieldsOf({ title: 'X', series: '***' }).series_slug).toBeNull();
    expect(listingFieldsOf({ title: 'X', series: null }).series_slug).toBeNull();
  });

  it('gives every book a publication key: the date as YYYYMMDD, or the no-date key below every date', () => {
    expect(listingFieldsOf({ title: 'X', publication_date: '2024-03-05' }).publication_key).toBe(20240305);
    expect(listingFieldsOf({ title: 'X', publication_date: null }).publication_key).toBe(NO_PUBLICATION_KEY);
    expect(listingFieldsOf({ title: 'X' }).publication_key).toBe(NO_PUBLICATION_KEY);
    expect(publicationKey('1000-01-01')).toBeGreaterThan(NO_PUBLICATION_KEY);
    // Keys order as the dates do, a preorder's date after today's.
    const dates = ['2031-01-01', '1999-12-31', '2024-03-05', '2024-12-01', '2024-02-29'];
    const byKey = [...dates].sort((a, b) => publicationKey(a) - publicationKey(b));
    expect(byKey).toEqual([...dates].sort());
    // Anything that is not a stored date has no key, as if no date were given.
    for (const bad of ['2024-02-30', '05/03/2024', '2024-3-5', '', '0999-01-01'])
      expect(publicationKey(bad), bad).toBe(NO_PUBLICATION_KEY);
  });

  it('needs the publication key stored: absent is not the no-date key, so the trigger and the backfill write it', () => {
    const computed = listingFieldsOf({ title: 'Night' });
    const { publication_key: _none, ...stored } = computed;
    expect(sameListingFields(stored, computed)).toBe(false);
    expect(sameListingFields({ ...computed }, computed)).toBe(true);
    const dated = listingFieldsOf({ title: 'Night', publication_date: '2020-06-01' });
    expect(sameListingFields({ ...computed }, dated)).toBe(false);
  });

  it('gives every book the key the reading import matches on: title and author as titleAuthorKey folds them', () => {
    expect(
      listingFieldsOf({ title: 'L’Œuvre (Rougon-Macquart, #14)', author: { display_name: 'Émile Zola' } })
        .match_key,
    ).toBe(titleAuthorKey('loeuvre', 'emile zola'));
    expect(listingFieldsOf({ title: 'Night' }).match_key).toBe('night|');
    expect(listingFieldsOf({ title: '***', author: { display_name: 'Ann' } }).match_key).toBeNull();
    expect(listingFieldsOf({}).match_key).toBeNull();
  });

  it('needs the match key stored: absent is not null, so the trigger and the backfill write it', () => {
    const computed = listingFieldsOf({ title: 'Night', author: { display_name: 'Ann' } });
    const { match_key: _none, ...stored } = computed;
    expect(sameListingFields(stored, computed)).toBe(false);
    const wordless = listingFieldsOf({ title: '***' });
    const { match_key: _null, ...storedWordless } = wordless;
    expect(sameListingFields(storedWordless, wordless)).toBe(false);
    expect(sameListingFields({ ...wordless }, wordless)).toBe(true);
    expect(sameListingFields({ ...computed, match_key: 'night|bea' }, computed)).toBe(false);
  });

  it('takes an absent series address as null, so books stored before series need no write', () => {
    const computed = listingFieldsOf({ title: 'Night' });
    const { series_slug: _none, ...stored } = computed;
    expect(sameListingFields(stored, computed)).toBe(true);
    const inSeries = listingFieldsOf({ title: 'Night', series: 'Tides' });
    expect(sameListingFields(stored, inSeries)).toBe(false);
    expect(sameListingFields({ ...inSeries, series_slug: 'other' }, inSeries)).toBe(false);
  });

  it('compares stored fields exactly, so the trigger writes only on change', () => {
    const computed = listingFieldsOf({ title: 'Night' });
    expect(sameListingFields({ ...computed, title: 'Night' }, computed)).toBe(true);
    expect(sameListingFields({ ...computed, search_keywords: ['ni'] }, computed)).toBe(false);
    expect(sameListingFields({ title: 'Night' }, computed)).toBe(false);
    expect(sameListingFields(undefined, computed)).toBe(false);
  });

  it('defaults the fields on books stored before they existed', () => {
    const book = bookSchema.parse({ id: 'b', user_id: 'u', title: 'T', created_at: new Date() });
    expect(book).toMatchObject({ has_free_reading: false, has_audiobook: false, search_keywords: [] });
  });
});

describe('parseListingParams', () => {
  it('reads /free-books and /categories parameters: genre is the category, subGenre the catalogue genre', () => {
    const request = parseListingParams(params('search=Moon&genre=fiction&subGenre=mystery'), CATEGORY_PARAMS);
    expect(request).toEqual({
      filters: { search: { text: 'Moon', terms: ['moon'] }, category: 'fiction', genre: 'mystery' },
      after: undefined,
      notes: [],
    });
  });

  it('reads a home-page link /categories?genre=<genre> as the genre', () => {
    expect(parseListingParams(params('genre=science-fiction'), CATEGORY_PARAMS).filters).toEqual({
      genre: 'science-fiction',
    });
    expect(parseListingParams(params('genre=Science%20Fiction'), CATEGORY_PARAMS).filters).toEqual({
      genre: 'science-fiction',
    });
  });

  it('reads /audiobooks parameters with the capitalised category, and accepts lower case', () => {
    expect(
      parseListingParams(params('category=Non-Fiction&genre=history'), AUDIOBOOK_PARAMS).filters,
    ).toEqual({ category: 'non-fiction', genre: 'history' });
    expect(parseListingParams(params('category=fiction'), AUDIOBOOK_PARAMS).filters).toEqual({
      category: 'fiction',
    });
    expect(parseListingParams(params('category=All'), AUDIOBOOK_PARAMS)).toEqual({
      filters: {},
      after: undefined,
      notes: [],
    });
  });

  it('drops unknown values, wordless searches and bad cursors and cuts an over-long search, each with a note', () => {
    const request = parseListingParams(
      params(
        `category=Poems&genre=cooking-robots&search=${'x'.repeat(SEARCH_TEXT_MAX_LENGTH + 1)}&after=../etc`,
      ),
      AUDIOBOOK_PARAMS,
    );
    expect(request.filters).toEqual({
      search: { text: 'x'.repeat(SEARCH_TEXT_MAX_LENGTH), terms: ['x'.repeat(SEARCH_KEYWORD_MAX_LENGTH)] },
    });
    expect(request.after).toBeUndefined();
    expect(request.notes).toEqual([
      `Your search was longer than ${SEARCH_TEXT_MAX_LENGTH} characters, so only its first ${SEARCH_TEXT_MAX_LENGTH} were used.`,
      'Unknown category “Poems” was ignored.',
      'Unknown genre “cooking-robots” was ignored.',
      'That page link was not valid, so the first page is shown.',
    ]);
    expect(parseListingParams(params('search=a'), CATEGORY_PARAMS).notes).toEqual([
      'Search words need at least 2 letters or digits, so “a” was ignored.',
    ]);
  });

  it('reads the sort: published (any case) sorts by publication date, newest or none is the default, an unknown one is dropped with a note', () => {
    expect(parseListingParams(params('sort=published'), CATEGORY_PARAMS)).toEqual({
      filters: { sort: 'published' },
      after: undefined,
      notes: [],
    });
    expect(parseListingParams(params('sort=Published&genre=history'), AUDIOBOOK_PARAMS).filters).toEqual({
      genre: 'history',
      sort: 'published',
    });
    for (const query of ['sort=newest', 'sort=', ''])
      expect(parseListingParams(params(query), CATEGORY_PARAMS)).toEqual({
        filters: {},
        after: undefined,
        notes: [],
      });
    expect(parseListingParams(params('sort=price-low&subGenre=history'), CATEGORY_PARAMS)).toEqual({
      filters: { genre: 'history' },
      after: undefined,
      notes: ['Unknown sort order “price-low” was ignored.'],
    });
  });

  it('clears a genre of the other category', () => {
    const request = parseListingParams(params('genre=non-fiction&subGenre=mystery'), CATEGORY_PARAMS);
    expect(request.filters).toEqual({ category: 'non-fiction' });
    expect(request.notes).toEqual(['Mystery is not a Non-Fiction genre, so the genre filter was cleared.']);
  });

  it('accepts a book id cursor', () => {
    expect(parseListingParams(params('after=AbC123_x-9'), CATEGORY_PARAMS).after).toBe('AbC123_x-9');
  });
});

describe('listingQuery', () => {
  it('writes the canonical query string in each page’s parameter names', () => {
    const filters = {
      search: { text: 'moon river', terms: ['moon', 'river'] },
      category: 'non-fiction' as const,
      genre: 'history',
    };
    expect(listingQuery(filters, CATEGORY_PARAMS)).toBe(
      '?search=moon+river&genre=non-fiction&subGenre=history',
    );
    expect(listingQuery(filters, AUDIOBOOK_PARAMS, 'abc')).toBe(
      '?search=moon+river&category=Non-Fiction&genre=history&after=abc',
    );
    expect(listingQuery({}, CATEGORY_PARAMS)).toBe('');
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ genre: 'history' })).toBe(true);
  });

  it('writes a sort other than the default, and leaves the default out', () => {
    expect(listingQuery({ sort: 'published' }, CATEGORY_PARAMS)).toBe('?sort=published');
    expect(listingQuery({ genre: 'history', sort: 'published' }, CATEGORY_PARAMS, 'abc')).toBe(
      '?subGenre=history&sort=published&after=abc',
    );
    expect(hasFilters({ sort: 'published' })).toBe(false);
  });

  it('round-trips through parseListingParams', () => {
    const filters = {
      search: { text: 'Moon', terms: ['moon'] },
      category: 'fiction' as const,
      genre: 'fantasy',
      sort: 'published' as const,
    };
    for (const names of [CATEGORY_PARAMS, AUDIOBOOK_PARAMS]) {
      expect(parseListingParams(params(listingQuery(filters, names).slice(1)), names).filters).toEqual(
        filters,
      );
    }
  });
});

describe('listingPagingHrefs', () => {
  const filters = { genre: 'history', sort: 'published' as const };

  it('links Load more after the last book and, on a later page, back to the first, keeping the filters', () => {
    expect(listingPagingHrefs('/categories', filters, CATEGORY_PARAMS, 'b24', true)).toEqual({
      nextHref: '/categories?subGenre=history&sort=published&after=b24',
      firstHref: '/categories?subGenre=history&sort=published',
    });
    expect(listingPagingHrefs('/audiobooks', {}, AUDIOBOOK_PARAMS, 'b24', true)).toEqual({
      nextHref: '/audiobooks?after=b24',
      firstHref: '/audiobooks',
    });
  });

  it('has no Load more on the last page and no way back on the first', () => {
    expect(listingPagingHrefs('/free-books', filters, CATEGORY_PARAMS, undefined, false)).toEqual({
      nextHref: undefined,
      firstHref: undefined,
    });
  });
});

describe('planListing', () => {
  it('always requires active books, and the kind flag', () => {
    expect(planListing('all', {})).toEqual({
      equals: [['is_public', true]],
      residual: { terms: [] },
      orderBy: [['created_at', 'desc']],
    });
    expect(planListing('free', { category: 'fiction' }).equals).toEqual([
      ['is_public', true],
      ['has_free_reading', true],
      ['category', 'fiction'],
    ]);
    expect(planListing('audio', {}).equals).toEqual([
      ['is_public', true],
      ['has_audiobook', true],
    ]);
  });

  it('orders by the sort: newest publication first, then newest on Shelfmark, whatever the filters', () => {
    expect(planListing('all', {}).orderBy).toEqual(LISTING_SORT_ORDERS.newest);
    expect(LISTING_SORT_ORDERS.published).toEqual([
      ['publication_key', 'desc'],
      ['created_at', 'desc'],
    ]);
    const search = { text: 'moon', terms: ['moon'] };
    for (const filters of [{}, { genre: 'fantasy' }, { search }, { category: 'fiction' as const, search }])
      for (const kind of ['all', 'free', 'audio'] as const)
        expect(planListing(kind, { ...filters, sort: 'published' }).orderBy).toEqual(
          LISTING_SORT_ORDERS.published,
        );
  });

  it('uses the genre as the only array-contains when there is no search: exact count', () => {
    const plan = planListing('all', { genre: 'fantasy' });
    expect(plan.arrayContains).toEqual({ field: 'genre', value: 'fantasy' });
    expect(isExact(plan)).toBe(true);
    expect(scanOptions(plan)).toEqual({
      pageSize: LISTING_PAGE_SIZE,
      batchSize: LISTING_PAGE_SIZE + 1,
      maxScan: LISTING_PAGE_SIZE + 1,
    });
  });

  it('queries the longest search word and checks the genre and the other words in memory', () => {
    const plan = planListing('all', {
      search: { text: 'to the lighthouse', terms: ['to', 'the', 'lighthouse'] },
      genre: 'fantasy',
    });
    expect(plan.arrayContains).toEqual({ field: 'search_keywords', value: 'lighthouse' });
    expect(plan.residual).toEqual({ genre: 'fantasy', terms: ['to', 'the'] });
    expect(isExact(plan)).toBe(false);
    expect(scanOptions(plan).maxScan).toBe(MAX_SCAN);
  });

  it('matchesResidual checks genre and every remaining word', () => {
    const book = {
      genre: ['fantasy'],
      search_keywords: listingFieldsOf({ title: 'To the Lighthouse' }).search_keywords,
    };
    expect(matchesResidual(book, { genre: 'fantasy', terms: ['the', 'to'] })).toBe(true);
    expect(matchesResidual(book, { genre: 'horror', terms: [] })).toBe(false);
    expect(matchesResidual(book, { terms: ['sea'] })).toBe(false);
  });
});

describe('scanPage', () => {
  const items = Array.from({ length: 60 }, (_, i) => ({ id: `b${i}`, even: i % 2 === 0 }));
  /** A fake ordered query over `items`, recording how many documents it returned. */
  function source() {
    const log = { fetched: 0, calls: 0 };
    const fetchBatch = async (afterId: string | undefined, size: number) => {
      const start = afterId === undefined ? 0 : items.findIndex((item) => item.id === afterId) + 1;
      const batch = items.slice(start, start + size);
      log.fetched += batch.length;
      log.calls += 1;
      return batch;
    };
    return { fetchBatch, log };
  }
  const all = () => true;

  it('reads one extra item to know a next page exists, and continues after the last shown', async () => {
    const { fetchBatch, log } = source();
    const first = await scanPage(fetchBatch, all, { pageSize: 24, batchSize: 25, maxScan: 25 });
    expect(first.items.map((i) => i.id)).toEqual(items.slice(0, 24).map((i) => i.id));
    expect(first.next).toBe('b23');
    expect(log).toEqual({ fetched: 25, calls: 1 });
    const third = await scanPage(fetchBatch, all, { pageSize: 24, batchSize: 25, maxScan: 25 }, 'b47');
    expect(third.items.map((i) => i.id)).toEqual(items.slice(48).map((i) => i.id));
    expect(third.next).toBeUndefined();
  });

  it('has no next page when the last page is exactly full', async () => {
    const { fetchBatch } = source();
    const page = await scanPage(fetchBatch, all, { pageSize: 24, batchSize: 25, maxScan: 25 }, 'b35');
    expect(page.items).toHaveLength(24);
    expect(page.next).toBeUndefined();
  });

  it('filters in memory in batches and stops at the scan bound, resuming after the last scanned', async () => {
    const { fetchBatch, log } = source();
    const even = (item: { even: boolean }) => item.even;
    const page = await scanPage(fetchBatch, even, { pageSize: 24, batchSize: 10, maxScan: 30 });
    expect(page.items.map((i) => i.id)).toEqual(
      items.filter((_, i) => i < 30 && i % 2 === 0).map((i) => i.id),
    );
    expect(page.next).toBe('b29');
    expect(log).toEqual({ fetched: 30, calls: 3 });
    const rest = await scanPage(fetchBatch, even, { pageSize: 24, batchSize: 10, maxScan: 30 }, page.next);
    expect(rest.items.map((i) => i.id)).toEqual(
      items.filter((_, i) => i >= 30 && i % 2 === 0).map((i) => i.id),
    );
    // The bound was hit exactly at the end, so the scan cannot know it is done: one more (empty) page follows.
    expect(rest.next).toBe('b59');
    expect(await scanPage(fetchBatch, even, { pageSize: 24, batchSize: 10, maxScan: 30 }, rest.next)).toEqual(
      { items: [] },
    );
  });

  it('returns an empty last page when nothing matches', async () => {
    const { fetchBatch } = source();
    expect(await scanPage(fetchBatch, () => false, { pageSize: 24, batchSize: 100, maxScan: 240 })).toEqual({
      items: [],
    });
  });
});
