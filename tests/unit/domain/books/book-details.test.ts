// The book page's Details and the catalogue facts of its schema.org Book: only
// what the book has, dates in words, a date to come as 'Comes out …'.
import { describe, expect, it } from 'vitest';
import {
  bookDetails,
  catalogueJsonLd,
  humanDate,
  publicationDateText,
} from '../../../../src/domain/books/book-details.ts';
import { bookJsonLd } from '../../../../src/domain/book-json-ld.ts';
import { storedBook } from '../../helpers/book.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const catalogue = {
  isbn: '9780306406157',
  publication_date: '2027-03-14',
  pages: 1312,
  language: 'fr' as const,
  publisher: 'Harbour Press',
};

describe('bookDetails', () => {
  it('lists every fact the book has, in order, the ISBN-13 hyphenated with its ISBN-10', () => {
    expect(bookDetails(catalogue, NOW)).toEqual([
      { key: 'isbn', label: 'ISBN', value: '978-030640615-7' },
      { key: 'isbn10', label: 'ISBN-10', value: '0306406152' },
      { key: 'published', label: 'Publication date', value: 'Comes out 14 March 2027' },
      { key: 'pages', label: 'Pages', value: '1,312' },
      { key: 'language', label: 'Language', value: 'French' },
      { key: 'publisher', label: 'Publisher', value: 'Harbour Press' },
    ]);
  });

  it('leaves out what the book lacks, and the ISBN-10 of a 979 ISBN', () => {
    expect(bookDetails(storedBook(), NOW)).toEqual([]);
    expect(bookDetails({ isbn: '9790000000001', publisher: '  ', pages: null }, NOW)).toEqual([
      { key: 'isbn', label: 'ISBN', value: '979-000000000-1' },
    ]);
  });

  it('says a date in words, and "Comes out" only for a day still to come', () => {
    expect(humanDate('2027-03-14')).toBe('14 March 2027');
    expect(humanDate('1999-12-01')).toBe('1 December 1999');
    expect(publicationDateText('2026-11-28', '2026-11-28')).toBe('28 November 2026');
    expect(publicationDateText('2026-11-29', '2026-11-28')).toBe('Comes out 29 November 2026');
    expect(publicationDateText('2020-01-05', '2026-11-28')).toBe('5 January 2020');
  });
});

describe('catalogue facts in the JSON-LD', () => {
  const base = {
    book: { ...storedBook(), author: { display_name: 'Tidewater Press', page_slug: 'tidewater' } },
    pageUrl: 'https://s.example/book/b1',
    site: 'https://s.example',
  };

  it('carry isbn, datePublished, numberOfPages, inLanguage and publisher as an Organization', () => {
    expect(catalogueJsonLd(catalogue)).toEqual({
      isbn: '9780306406157',
      datePublished: '2027-03-14',
      numberOfPages: 1312,
      inLanguage: 'fr',
      publisher: { '@type': 'Organization', name: 'Harbour Press' },
    });
    const data = bookJsonLd({ ...base, book: { ...base.book, ...catalogue } });
    expect(data).toMatchObject({ '@type': 'Book', isbn: '9780306406157', numberOfPages: 1312 });
    expect(data.author).toMatchObject({ '@type': 'Person', name: 'Tidewater Press' });
  });

  it('are absent for a book without them', () => {
    const data = bookJsonLd(base);
    for (const key of ['isbn', 'datePublished', 'numberOfPages', 'inLanguage', 'publisher'])
      expect(data).not.toHaveProperty(key);
  });

  it('name the publisher the book names, even when a Publisher member lists it; the member stays when it is the one named', () => {
    const owner = { role: 'User', category: 'Publisher' } as const;
    const named = bookJsonLd({ ...base, owner, book: { ...base.book, publisher: 'Harbour Press' } });
    expect(named.publisher).toEqual({ '@type': 'Organization', name: 'Harbour Press' });
    const self = bookJsonLd({ ...base, owner, book: { ...base.book, publisher: 'tidewater press' } });
    expect(self.publisher).toEqual({
      '@type': 'Organization',
      name: 'Tidewater Press',
      url: 'https://s.example/profile/tidewater',
    });
  });
});
