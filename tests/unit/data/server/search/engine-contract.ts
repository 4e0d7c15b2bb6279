// The contract every search engine adapter keeps (src/domain/search/site-search.ts,
// SearchEngine). Each adapter's test file runs it against a fresh engine.
import { describe, expect, it } from 'vitest';
import {
  parseSiteSearchParams,
  searchDocumentSchema,
  type SearchDocument,
  type SearchDocumentInput,
  type SearchEngine,
} from '../../../../../src/domain/search/site-search.ts';

export const doc = (input: SearchDocumentInput): SearchDocument => searchDocumentSchema.parse(input);

/** A small library with the words the misspelled searches aim at. */
export const LIBRARY: SearchDocument[] = [
  doc({
    id: 'book_kindred',
    kind: 'book',
    title: 'Kindred',
    author: 'Octavia Butler',
    description: 'A woman is pulled back in time.',
    category: 'Fiction',
    genres: ['Science Fiction'],
    price: 12,
    url: '/book/kindred',
    free_reading: true,
  }),
  doc({
    id: 'book_wolves',
    kind: 'book',
    title: 'Thinking in Wolves',
    author: 'Margot Ellery',
    description: 'Essays on the wild.',
    category: 'Nonfiction',
    genres: ['Nature'],
    price: 8,
    url: '/book/wolves',
    audiobook: true,
  }),
  doc({
    id: 'book_mystery',
    kind: 'book',
    title: 'The Cozy Mystery Club',
    author: 'Hélène Dubois',
    description: 'A village, a bakery and a body.',
    category: 'Fiction',
    genres: ['Mystery'],
    price: 30,
    url: '/book/cozy',
    featured: true,
  }),
  doc({
    id: 'book_mystery2',
    kind: 'book',
    title: 'The Cozy Mystery Club',
    author: 'Ann Other',
    description: 'A village, a bakery and a body.',
    category: 'Fiction',
    genres: ['Mystery'],
    price: 30,
    url: '/book/cozy2',
  }),
  doc({
    id: 'author_butler',
    kind: 'author',
    title: 'Octavia Butler',
    description: 'Writer of Kindred.',
    category: 'Book Author',
    url: '/profile/octavia',
  }),
  doc({
    id: 'product_edit',
    kind: 'product',
    title: 'Manuscript editing',
    author: 'Margot Ellery',
    description: 'Line editing for cozy mystery writers.',
    category: 'Editing',
    price: 0,
    url: '/product-service/edit',
  }),
  doc({
    id: 'ad_shelf',
    kind: 'ad',
    title: 'Oak bookshelf for sale',
    author: 'Bram',
    description: 'Holds three hundred books.',
    category: 'For Sale',
    price: 40,
    url: '/classifieds/shelf',
  }),
  doc({
    id: 'book_salt',
    kind: 'book',
    title: 'Salt Roads',
    author: 'Ida Ng',
    description: 'A ferry crossing.',
    category: 'Fiction',
    keywords: '9780306406157 0306406152 The Tidewater Chronicles',
    url: '/book/salt',
  }),
  doc({
    id: 'post_welcome',
    kind: 'post',
    title: 'Welcome to Shelfmark',
    description: 'Why we built a home for books.',
    url: '/blog/welcome',
  }),
];

const params = (query: string) => parseSiteSearchParams(new URLSearchParams(query));

/** Runs the contract against engines made by `make` (each test gets a fresh one holding LIBRARY). */
export function searchEngineContract(name: string, make: () => Promise<SearchEngine>): void {
  const loaded = async () => {
    const engine = await make();
    await engine.upsert(LIBRARY);
    return engine;
  };
  const ids = async (engine: SearchEngine, query: string) =>
    (await engine.search(params(query))).hits.map((hit) => hit.document.id);

  describe(`${name}: the search engine contract`, () => {
    it.each([
      ['transposed letters', 'q=thinkign+wolves', 'book_wolves'],
      ['a missing letter', 'q=kindrd', 'book_kindred'],
      ['a doubled letter', 'q=octavia+buttler', 'author_butler'],
      ['a wrong vowel', 'q=mystary', 'book_mystery'],
      ['a missing accent', 'q=helene+dubois', 'book_mystery'],
      ['a partial word', 'q=bookshe', 'ad_shelf'],
      ['two words across title and author', 'q=kindred+butler', 'book_kindred'],
      ['any case', 'q=WELCOME', 'post_welcome'],
    ])('%s finds the intended item in the top 5', async (_what, query, expected) => {
      const engine = await loaded();
      expect((await ids(engine, query)).slice(0, 5)).toContain(expected);
    });

    it('finds a book by its title words with the commonest words left out of the search', async () => {
      const engine = await loaded();
      expect((await ids(engine, 'q=the+wolves+of+thinking'))[0]).toBe('book_wolves');
      expect(await ids(engine, 'q=the+cozy+mystery+club')).toEqual(['book_mystery', 'book_mystery2']);
      // Only stop words: they are searched, in titles and names.
      expect(await ids(engine, 'q=the')).toEqual(expect.arrayContaining(['book_mystery', 'book_mystery2']));
      expect(await ids(engine, 'q=the')).not.toContain('book_wolves'); // 'the' only in its description
    });

    it('finds a book by its ISBN with or without hyphens, as ISBN-13 or ISBN-10, and by its series', async () => {
      const engine = await loaded();
      for (const query of [
        'q=978-0-306-40615-7',
        'q=9780306406157',
        'q=978+0306+40615+7',
        'q=0-306-40615-2',
        'q=ISBN+0306406152',
        'q=isbn-13%3A+978-0306406157',
      ])
        expect(await ids(engine, query), query).toEqual(['book_salt']);
      expect(await ids(engine, 'q=tidewater+chronicles')).toEqual(['book_salt']);
      // A wrong check digit is no ISBN: its pieces are searched as words, and find nothing.
      expect(await ids(engine, 'q=978-0-306-40615-8')).toEqual([]);
    });

    it('matches an ISBN exactly: a book whose ISBN differs in a digit is not found, words keep their typos', async () => {
      const engine = await loaded();
      // 9780306406164 differs from book_salt's 9780306406157 in one digit (and the check digit).
      await engine.upsert([
        doc({
          id: 'book_neighbour',
          kind: 'book',
          title: 'Salt Marsh',
          author: 'Ida Ng',
          description: 'A ferry crossing.',
          category: 'Fiction',
          keywords: '9780306406164 0306406160',
          url: '/book/neighbour',
        }),
      ]);
      expect(await ids(engine, 'q=9780306406157')).toEqual(['book_salt']);
      for (const query of ['q=9780306406164', 'q=978-0-306-40616-4', 'q=0-306-40616-0', 'q=0306406160'])
        expect(await ids(engine, query), query).toEqual(['book_neighbour']);
      // 13 digits with a wrong check digit: shaped like an ISBN, so matched exactly, and no ISBN is suggested.
      const typo = await engine.search(params('q=9780306406158'));
      expect(typo.hits).toEqual([]);
      expect(typo.suggestions).toEqual([]);
      // The first ten digits of an ISBN-13 are no ISBN-10 (wrong check digit) and find nothing by prefix.
      expect(await ids(engine, 'q=9780306406')).toEqual([]);
      // An ISBN among words narrows to that book.
      expect(await ids(engine, 'q=salt+9780306406164')).toEqual(['book_neighbour']);
      // Words keep their typos.
      expect(await ids(engine, 'q=ferry+crosing')).toEqual(
        expect.arrayContaining(['book_salt', 'book_neighbour']),
      );
      expect(await ids(engine, 'q=marhs')).toEqual(['book_neighbour']);
    });

    it('matches digits with no typos: an ISBN or a number a digit off finds nothing, words beside them keep their typos', async () => {
      const engine = await loaded();
      await engine.upsert([
        doc({
          id: 'book_neighbour',
          kind: 'book',
          title: 'Salt Marsh',
          author: 'Ida Ng',
          description: 'A ferry crossing.',
          category: 'Fiction',
          keywords: '9780306406164 0306406160',
          url: '/book/neighbour',
        }),
        doc({
          id: 'ad_lamp',
          kind: 'ad',
          title: 'Reading lamp',
          description: 'Collect from 90210.',
          category: 'For Sale',
          url: '/classifieds/lamp',
        }),
      ]);
      // Twelve digits are no ISBN, and still have no typos: book_salt's ISBN-13
      // (9780306406157) with a digit left out, or two digits off, finds nothing of it.
      expect(await ids(engine, 'q=978030640657')).toEqual([]);
      expect(await ids(engine, 'q=978030640616')).toEqual(['book_neighbour']); // the start of its ISBN only
      expect(await ids(engine, 'q=978030640615')).toEqual(['book_salt']);
      // A number a digit off is another number; the number itself, or its start, finds it.
      expect(await ids(engine, 'q=90211')).toEqual([]);
      expect((await engine.search(params('q=90211'))).suggestions).toEqual([]);
      expect(await ids(engine, 'q=90210')).toEqual(['ad_lamp']);
      expect(await ids(engine, 'q=902')).toEqual(['ad_lamp']);
      // An ISBN (hyphenated, ISBN-10 or -13) among words narrows to its book; the words keep their typos.
      expect(await ids(engine, 'q=marhs+978-0-306-40616-4')).toEqual(['book_neighbour']);
      expect(await ids(engine, 'q=ferry+crosing+0306406152')).toEqual(['book_salt']);
      expect(await ids(engine, 'q=0-306-40616-0+ferry+crosing')).toEqual(['book_neighbour']);
      expect(await ids(engine, 'q=ferry+crosing+9780306406158')).toEqual([]);
    });

    it('allows no typo under 5 letters, one from 5 and two from 9', async () => {
      const engine = await loaded();
      expect(await ids(engine, 'q=oax')).toEqual([]); // 'oak' with one typo, 3 letters
      expect(await ids(engine, 'q=kindrxd')).toContain('book_kindred'); // 7 letters, one typo
      expect(await ids(engine, 'q=kinxrxd')).toEqual([]); // 7 letters, two typos
      expect(await ids(engine, 'q=manuscrxpx')).toContain('product_edit'); // 10 letters, two typos
    });

    it('ranks a title match above an author match above a description match', async () => {
      const engine = await loaded();
      const order = await ids(engine, 'q=butler');
      expect(order.indexOf('author_butler')).toBeLessThan(order.indexOf('book_kindred'));
      const kindred = await ids(engine, 'q=kindred');
      expect(kindred[0]).toBe('book_kindred');
      expect(kindred).toContain('author_butler'); // in its description
    });

    it('breaks a tie with the featured item', async () => {
      const engine = await loaded();
      const order = await ids(engine, 'q=cozy+mystery+club');
      expect(order[0]).toBe('book_mystery');
      expect(order[1]).toBe('book_mystery2');
    });

    it('filters by kind and counts every kind over the other filters', async () => {
      const engine = await loaded();
      const all = await engine.search(params('q=cozy+mystery'));
      expect(all.facets.kind).toEqual([
        { value: 'book', count: 2 },
        { value: 'product', count: 1 },
      ]);
      const products = await engine.search(params('q=cozy+mystery&kind=product'));
      expect(products.hits.map((hit) => hit.document.id)).toEqual(['product_edit']);
      expect(products.total).toBe(1);
      expect(products.facets.kind).toEqual(all.facets.kind);
    });

    it('filters by price range, free reading and audiobook', async () => {
      const engine = await loaded();
      expect(await ids(engine, 'q=margot+ellery&price=free')).toEqual(['product_edit']);
      expect(await ids(engine, 'q=margot+ellery&audiobook=1')).toEqual(['book_wolves']);
      expect(await ids(engine, 'q=butler&free=1')).toEqual(['book_kindred']);
    });

    it('replaces a document by id and forgets a removed one', async () => {
      const engine = await loaded();
      await engine.upsert([{ ...LIBRARY[0]!, title: 'Kindred Spirits' }]);
      expect(await engine.size()).toBe(LIBRARY.length);
      expect(await ids(engine, 'q=spirits')).toEqual(['book_kindred']);
      await engine.remove(['book_kindred', 'unknown_id']);
      expect(await ids(engine, 'q=kindred')).not.toContain('book_kindred');
      expect(await engine.size()).toBe(LIBRARY.length - 1);
    });

    it('answers nothing for nothing, and suggests close words when nothing matched', async () => {
      const engine = await loaded();
      expect((await engine.search(params(''))).total).toBe(0);
      const none = await engine.search(params('q=kindrex+wolfs+zzzz'));
      expect(none.total).toBe(0);
      expect(none.suggestions.length).toBeGreaterThan(0);
    });

    it('answers odd input as a normal search', async () => {
      const engine = await loaded();
      for (const query of [
        `q=${'a'.repeat(10_000)}`,
        'q=%E2%80%AE%F0%9F%98%80+%00+title:kindred+AND+NOT+-*',
        'q=kindred&page=999999&kind=drop+table&price=-1',
      ]) {
        const results = await engine.search(params(query));
        expect(Array.isArray(results.hits)).toBe(true);
      }
    });

    it('pages the results', async () => {
      const engine = await make();
      const many = Array.from({ length: 45 }, (_, i) =>
        doc({
          id: `book_b${String(i).padStart(2, '0')}`,
          kind: 'book',
          title: `Garden book ${i}`,
          url: `/book/b${i}`,
        }),
      );
      await engine.upsert(many);
      const first = await engine.search(params('q=garden'));
      const third = await engine.search(params('q=garden&page=3'));
      expect(first.total).toBe(45);
      expect(first.hits).toHaveLength(20);
      expect(third.hits).toHaveLength(5);
      const seen = new Set([...first.hits, ...third.hits].map((hit) => hit.document.id));
      expect(seen.size).toBe(25);
    });
  });
}
