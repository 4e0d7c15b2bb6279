// A series' page and a book's place in its series: ordering (numbers first, the
// unnumbered after them by title), grouping per author when two authors' series
// share a name, neighbours on the book's own author's shelf, and the JSON-LD.
import { describe, expect, it } from 'vitest';
import { bookJsonLd } from '../../../../src/domain/book-json-ld.ts';
import {
  bookSeriesJsonLd,
  compareInSeries,
  isSeriesSlugShape,
  seriesJsonLd,
  seriesLine,
  seriesMetaDescription,
  seriesName,
  seriesNeighbours,
  seriesPlace,
  seriesShelves,
  type SeriesBook,
} from '../../../../src/domain/books/series.ts';

const book = (id: string, overrides: Partial<SeriesBook> = {}): SeriesBook => ({
  id,
  title: `Title ${id}`,
  user_id: 'ann',
  series: 'The Tidewater Trilogy',
  series_number: null,
  series_slug: 'the-tidewater-trilogy',
  author: { display_name: 'Ann Author', page_slug: 'ann' },
  cover_image: null,
  ...overrides,
});
const ids = (books: readonly SeriesBook[]) => books.map((b) => b.id);
const site = new URL('https://s.example');

describe('series order', () => {
  it('orders by number (halves between), the books without a number last, by title, then id', () => {
    const books = [
      book('none-b', { title: 'Beta Stories' }),
      book('three', { series_number: 3 }),
      book('none-a', { title: 'alpha stories' }),
      book('one', { series_number: 1 }),
      book('two-half', { series_number: 2.5 }),
      book('two', { series_number: 2 }),
    ];
    expect(ids([...books].sort(compareInSeries))).toEqual([
      'one',
      'two',
      'two-half',
      'three',
      'none-a',
      'none-b',
    ]);
  });

  it('orders books of the same number by title (numbers in titles by value), then by id', () => {
    const books = [
      book('b', { series_number: 1, title: 'Book 10' }),
      book('a', { series_number: 1, title: 'Book 9' }),
      book('d', { series_number: 1, title: 'Same' }),
      book('c', { series_number: 1, title: 'Same' }),
    ];
    expect(ids([...books].sort(compareInSeries))).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('seriesShelves', () => {
  it('one author: one shelf in series order, named as the author writes the series', () => {
    const shelves = seriesShelves([book('b2', { series_number: 2 }), book('b1', { series_number: 1 })]);
    expect(shelves).toHaveLength(1);
    expect(shelves[0]).toMatchObject({
      authorUid: 'ann',
      authorName: 'Ann Author',
      authorPath: '/profile/ann',
      name: 'The Tidewater Trilogy',
    });
    expect(ids(shelves[0]!.books)).toEqual(['b1', 'b2']);
    expect(seriesName(shelves)).toBe('The Tidewater Trilogy');
  });

  it('two authors sharing the name: a shelf each, by author name, each in its own order', () => {
    const zed = {
      user_id: 'zed',
      author: { display_name: 'Zed Writer', page_slug: 'zed' },
      series: 'Tidewater trilogy',
    };
    const shelves = seriesShelves([
      book('z2', { ...zed, series_number: 2 }),
      book('a2', { series_number: 2 }),
      book('z1', { ...zed, series_number: 1 }),
      book('a1', { series_number: 1 }),
    ]);
    expect(shelves.map((s) => s.authorName)).toEqual(['Ann Author', 'Zed Writer']);
    expect(shelves.map((s) => ids(s.books))).toEqual([
      ['a1', 'a2'],
      ['z1', 'z2'],
    ]);
    expect(shelves[1]!.name).toBe('Tidewater trilogy');
    expect(seriesMetaDescription(shelves)).toBe(
      'The Tidewater Trilogy by Ann Author and Zed Writer: 4 books in series order, on Shelfmark.',
    );
  });

  it('leaves out a book that names no series, and gives nothing for no books', () => {
    expect(seriesShelves([book('x', { series: ' ' })])).toEqual([]);
    expect(seriesShelves([])).toEqual([]);
    expect(seriesName([])).toBe('');
  });
});

describe('seriesNeighbours', () => {
  const books = [
    book('b3', { series_number: 3 }),
    book('b1', { series_number: 1 }),
    book('b2', { series_number: 2 }),
    book('other', { series_number: 2, user_id: 'zed' }),
  ];

  it('gives the previous and next books of the same author, none past either end', () => {
    expect(seriesNeighbours(books[2]!, books)).toEqual({ previous: books[1], next: books[0] });
    expect(seriesNeighbours(books[1]!, books)).toEqual({ previous: undefined, next: books[2] });
    expect(seriesNeighbours(books[0]!, books)).toEqual({ previous: books[2], next: undefined });
  });

  it('never steps onto another author’s book, and gives nothing for a book not among them', () => {
    expect(seriesNeighbours(books[3]!, books)).toEqual({ previous: undefined, next: undefined });
    expect(seriesNeighbours({ id: 'gone', user_id: 'ann' }, books)).toEqual({});
  });
});

describe('seriesLine and seriesPlace', () => {
  it('reads Book N of the series (a half as N.5), or Part of it without a number', () => {
    expect(seriesLine(book('b', { series_number: 2 }))).toEqual({
      lead: 'Book 2 of',
      name: 'The Tidewater Trilogy',
      path: '/series/the-tidewater-trilogy',
    });
    expect(seriesLine(book('b', { series_number: 2.5 }))?.lead).toBe('Book 2.5 of');
    expect(seriesLine(book('b'))?.lead).toBe('Part of');
    expect(seriesPlace(book('b', { series_number: 1 }))).toBe('Book 1');
    expect(seriesPlace(book('b'))).toBe('');
  });

  it('gives no line for a book in no series, or one whose address is not derived yet', () => {
    expect(seriesLine({ series: null, series_slug: null })).toBeNull();
    expect(seriesLine({ series: 'Tides', series_slug: null })).toBeNull();
  });
});

describe('isSeriesSlugShape', () => {
  it('accepts what seriesSlug makes and nothing else', () => {
    expect(isSeriesSlugShape('the-tidewater-trilogy')).toBe(true);
    expect(isSeriesSlugShape('book-2')).toBe(true);
    for (const bad of [undefined, '', '-x', 'Upper', 'a b', 'a/b', 'x'.repeat(101)])
      expect(isSeriesSlugShape(bad)).toBe(false);
  });
});

describe('series JSON-LD', () => {
  it('is a BookSeries whose parts are its books, with position and author', () => {
    const shelves = seriesShelves([book('b2', { series_number: 2 }), book('b0', { title: 'Stories' })]);
    const data = seriesJsonLd({ shelves, pageUrl: 'https://s.example/series/the-tidewater-trilogy', site });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BookSeries',
      name: 'The Tidewater Trilogy',
      url: 'https://s.example/series/the-tidewater-trilogy',
    });
    expect(data.hasPart).toEqual([
      {
        '@type': 'Book',
        name: 'Title b2',
        url: 'https://s.example/book/b2',
        position: 2,
        author: { '@type': 'Person', name: 'Ann Author', url: 'https://s.example/profile/ann' },
      },
      {
        '@type': 'Book',
        name: 'Stories',
        url: 'https://s.example/book/b0',
        author: { '@type': 'Person', name: 'Ann Author', url: 'https://s.example/profile/ann' },
      },
    ]);
  });

  it('a book in a series is isPartOf its BookSeries, with its position; a book in none gains nothing', () => {
    expect(bookSeriesJsonLd(book('b', { series_number: 2.5 }), site)).toEqual({
      isPartOf: {
        '@type': 'BookSeries',
        name: 'The Tidewater Trilogy',
        url: 'https://s.example/series/the-tidewater-trilogy',
      },
      position: '2.5',
    });
    expect(bookSeriesJsonLd({ series: null }, site)).toEqual({});
  });

  it('the book page’s JSON-LD carries it', () => {
    const data = bookJsonLd({
      book: {
        ...book('b1', { series_number: 1 }),
        description: null,
        category: null,
        genre: [],
        sub_genre: [],
        purchase_links: [],
      },
      pageUrl: 'https://s.example/book/b1',
      site,
    });
    expect(data).toMatchObject({
      '@type': 'Book',
      isPartOf: { '@type': 'BookSeries', url: 'https://s.example/series/the-tidewater-trilogy' },
      position: 1,
    });
  });
});
