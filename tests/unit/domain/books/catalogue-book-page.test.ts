// What a catalogue book's page shows (src/domain/books/catalogue-book-page.ts): its
// Details from the first edition, every edition's facts, and an edition's schema.org format.
import { describe, expect, it } from 'vitest';
import {
  catalogueBookDetails,
  editionPublished,
  editionRows,
  schemaBookFormat,
} from '../../../../src/domain/books/catalogue-book-page.ts';
import { bookMetaDescription } from '../../../../src/domain/books/book-page.ts';

const now = new Date('2026-12-07T12:00:00Z');
const paperback = {
  source_id: 'OL1M',
  isbn: '9780306406157',
  format: 'Mass Market Paperback',
  publisher: 'Saltmarsh Press',
  publication_date: '1998-04-02',
  pages: 1234,
  language: 'en' as const,
};

describe('catalogueBookDetails', () => {
  it("shows the first edition's facts in the rows a listed book's Details use", () => {
    expect(catalogueBookDetails({ editions: [paperback, { isbn: null }] }, now)).toEqual([
      { key: 'isbn', label: 'ISBN', value: '978-030640615-7' },
      { key: 'isbn10', label: 'ISBN-10', value: '0306406152' },
      { key: 'published', label: 'Publication date', value: '2 April 1998' },
      { key: 'pages', label: 'Pages', value: '1,234' },
      { key: 'language', label: 'Language', value: 'English' },
      { key: 'publisher', label: 'Publisher', value: 'Saltmarsh Press' },
    ]);
  });

  it('puts a year alone where the date would be, and shows nothing for a book without editions', () => {
    const rows = catalogueBookDetails({ editions: [{ isbn: '9780306406157', publication_year: 1951 }] }, now);
    expect(rows.map((row) => [row.key, row.value])).toEqual([
      ['isbn', '978-030640615-7'],
      ['isbn10', '0306406152'],
      ['published', '1951'],
    ]);
    expect(catalogueBookDetails({ editions: [{ publication_year: 1951 }] }, now)).toEqual([
      { key: 'published', label: 'Published', value: '1951' },
    ]);
    expect(catalogueBookDetails({ editions: [] }, now)).toEqual([]);
  });
});

describe('editionRows', () => {
  it("lists each edition's known facts, keyed by its source id or its place", () => {
    const rows = editionRows([paperback, { format: ' Hardcover ', publication_year: 2001, language: 'ru' }]);
    expect(rows[0]).toEqual({
      key: 'OL1M',
      facts: [
        { key: 'format', label: 'Format', value: 'Mass Market Paperback' },
        { key: 'publisher', label: 'Publisher', value: 'Saltmarsh Press' },
        { key: 'published', label: 'Published', value: '2 April 1998' },
        { key: 'pages', label: 'Pages', value: '1,234' },
        { key: 'language', label: 'Language', value: 'English' },
        { key: 'isbn', label: 'ISBN', value: '978-030640615-7' },
      ],
    });
    expect(rows[1]).toEqual({
      key: '2',
      facts: [
        { key: 'format', label: 'Format', value: 'Hardcover' },
        { key: 'published', label: 'Published', value: '2001' },
        { key: 'language', label: 'Language', value: 'Russian' },
      ],
    });
  });

  it('says when an edition came out by its date, else its year, else nothing', () => {
    expect(editionPublished({ publication_date: '2027-03-14', publication_year: 2027 })).toBe(
      '14 March 2027',
    );
    expect(editionPublished({ publication_year: 1866 })).toBe('1866');
    expect(editionPublished({})).toBe('');
  });
});

describe('schemaBookFormat', () => {
  it("maps a source's format text to schema.org's BookFormatType, or nothing", () => {
    expect(schemaBookFormat('Mass Market Paperback')).toBe('https://schema.org/Paperback');
    expect(schemaBookFormat('hardback')).toBe('https://schema.org/Hardcover');
    expect(schemaBookFormat('Kindle Edition')).toBe('https://schema.org/EBook');
    expect(schemaBookFormat('Audio CD')).toBe('https://schema.org/AudiobookFormat');
    expect(schemaBookFormat('Graphic Novel')).toBe('https://schema.org/GraphicNovel');
    expect(schemaBookFormat('Board book')).toBeNull();
    expect(schemaBookFormat(null)).toBeNull();
  });
});

describe('bookMetaDescription of a catalogue book', () => {
  it('names title and authors, then the description, cut to 300 characters', () => {
    const authors = [{ name: 'Maren Olsen' }, { name: 'Ike Bay' }];
    expect(bookMetaDescription({ title: 'Tides', description: 'A  sea\nnovel.', authors })).toBe(
      'Tides by Maren Olsen and Ike Bay. A sea novel.',
    );
    expect(bookMetaDescription({ title: 'Tides', description: null, authors })).toBe(
      'Tides by Maren Olsen and Ike Bay.',
    );
    const long = bookMetaDescription({ title: 'Tides', description: 'word '.repeat(100), authors });
    expect(long.length).toBeLessThanOrEqual(300);
    expect(long.endsWith('…')).toBe(true);
  });
});
