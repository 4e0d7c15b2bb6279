import { describe, expect, it } from 'vitest';
import {
  UNKNOWN_AUTHOR,
  addBookByHandSchema,
  bookLanguageOf,
  catalogueBookByHand,
  catalogueBookFromWork,
  editionIsbns,
  findBooksRequestSchema,
  parsePublished,
} from '../../../../src/domain/catalogue/add-book.ts';
import { ISBN_MESSAGES } from '../../../../src/domain/books/isbn.ts';
import type { CatalogueEdition, CatalogueWork } from '../../../../src/domain/catalogue/catalogue-work.ts';

const now = new Date('2026-12-07T10:00:00Z');

function edition(overrides: Partial<CatalogueEdition> = {}): CatalogueEdition {
  return {
    sourceId: 'OL1M',
    title: null,
    isbn13: [],
    format: 'Paperback',
    publisher: 'Penguin Classics',
    publishedDate: '2003',
    pages: 480,
    language: 'eng',
    coverId: null,
    ...overrides,
  };
}

const work: CatalogueWork = {
  source: 'openlibrary',
  sourceId: 'OL66554W',
  title: 'Pride and Prejudice',
  authors: [{ name: 'Jane Austen', sourceId: 'OL21594A' }],
  description: 'Elizabeth Bennet and Mr Darcy.',
  subjects: ['Courtship', 'Sisters', 'Courtship', '  '],
  coverId: 8000017,
  editions: [
    edition({ sourceId: 'OL1M', isbn13: ['9780141439518'], publishedDate: '2003' }),
    edition({
      sourceId: 'OL2M',
      isbn13: ['9780306406157'],
      publishedDate: 'September 27, 1964',
      language: 'fre',
    }),
    edition({ sourceId: 'OL3M', isbn13: [], publishedDate: null, language: 'xxx', pages: null }),
  ],
  editionCount: 3,
};

describe('parsePublished', () => {
  it.each([
    ['2003', null, 2003],
    ['September 27, 1964', '1964-09-27', 1964],
    ['27 Sept 1964', '1964-09-27', 1964],
    ['1998-04-01', '1998-04-01', 1998],
    ['c1920', null, 1920],
    ['February 30, 2001', null, 2001],
    ['unknown', null, null],
    [null, null, null],
  ])('%s', (text, date, year) => {
    expect(parsePublished(text)).toEqual({ date, year });
  });
});

describe('bookLanguageOf', () => {
  it('maps MARC codes to the languages a book may be in, and others to null', () => {
    expect(bookLanguageOf('eng')).toBe('en');
    expect(bookLanguageOf('FRE')).toBe('fr');
    expect(bookLanguageOf('jpn')).toBe('ja');
    expect(bookLanguageOf('xxx')).toBeNull();
    expect(bookLanguageOf(null)).toBeNull();
  });
});

describe('catalogueBookFromWork', () => {
  it('keeps the work’s facts, the picked edition first, and derives the keys listed books have', () => {
    const book = catalogueBookFromWork(work, {
      addedBy: 'reader-1',
      now,
      coverImage: '/media/catalogue/book-covers/abc/w400.webp',
      taken: new Set(),
      pickedIsbn: '9780306406157',
    });
    expect(book).toMatchObject({
      kind: 'catalogue',
      title: 'Pride and Prejudice',
      authors: [{ name: 'Jane Austen', source_id: 'OL21594A' }],
      subjects: ['Courtship', 'Sisters'],
      isbn: '9780306406157',
      first_published: 1964,
      source: 'openlibrary',
      source_id: 'OL66554W',
      added_by: 'reader-1',
      is_public: false,
      match_key: 'pride and prejudice|jane austen',
    });
    expect(
      book.editions.map((e) => [e.source_id, e.isbn, e.publication_date, e.publication_year, e.language]),
    ).toEqual([
      ['OL2M', '9780306406157', '1964-09-27', 1964, 'fr'],
      ['OL1M', '9780141439518', null, 2003, 'en'],
      ['OL3M', null, null, null, null],
    ]);
    expect(book.search_keywords).toContain('austen');
    expect(editionIsbns(book)).toEqual(['9780306406157', '9780141439518']);
    expect(book.source_cover_id).toBeNull();
  });

  it('leaves off ISBNs another book holds, and names an unknown author', () => {
    const book = catalogueBookFromWork(
      { ...work, authors: [] },
      { addedBy: 'r', now, coverImage: null, taken: new Set(['9780141439518']) },
    );
    expect(book.editions[0]!.isbn).toBeNull();
    expect(book.isbn).toBe('9780306406157');
    expect(book.authors).toEqual([{ name: UNKNOWN_AUTHOR, source_id: null }]);
    // No cover copied yet: the books trigger copies the work's.
    expect(book.source_cover_id).toBe(8000017);
  });
});

describe('adding by hand', () => {
  it('verifies the ISBN’s check digit and stores it as an ISBN-13, marked for review', () => {
    const input = addBookByHandSchema.parse({
      title: ' Salt Roads ',
      author: 'Ines Varga',
      isbn: '0-306-40615-2',
    });
    expect(input).toEqual({ title: 'Salt Roads', author: 'Ines Varga', isbn: '9780306406157' });
    const book = catalogueBookByHand(input, { addedBy: 'r', now });
    expect(book).toMatchObject({
      source: 'hand',
      needs_review: true,
      isbn: '9780306406157',
      editions: [{ isbn: '9780306406157' }],
    });
    expect(addBookByHandSchema.parse({ title: 'A', author: 'B' }).isbn).toBeNull();
    expect(
      addBookByHandSchema.safeParse({ title: 'A', author: 'B', isbn: '9780306406158' }).error?.issues[0]
        ?.message,
    ).toBe(ISBN_MESSAGES.checkDigit);
  });

  it('trims the search and refuses an empty one', () => {
    expect(findBooksRequestSchema.parse({ query: '  emma ' })).toEqual({ query: 'emma' });
    expect(findBooksRequestSchema.safeParse({ query: ' ' }).success).toBe(false);
  });
});
