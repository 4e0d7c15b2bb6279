// The catalogue fields of a book: dates that exist, pages, languages as tags,
// numbers in a series, and series addresses.
import { describe, expect, it } from 'vitest';
import { bookSchema } from '../../../../src/domain/books/book';
import {
  BOOK_LANGUAGE_TAGS,
  CATALOGUE_MESSAGES,
  isCalendarDate,
  languageName,
  seriesNumberSchema,
  seriesNumberText,
  seriesSlug,
} from '../../../../src/domain/books/catalogue';
import { CATALOGUE } from '../../../shared/catalogue';

const stored = {
  id: 'b1',
  user_id: 'u1',
  title: 'Tides',
  created_at: new Date('2026-01-01T00:00:00Z'),
};

describe('a book with catalogue fields', () => {
  it('reads a book saved before they existed, with them empty', () => {
    const book = bookSchema.parse(stored);
    expect(book.isbn).toBeUndefined();
    expect(book.series).toBeUndefined();
  });

  it('reads every field when valid', () => {
    const book = bookSchema.parse({
      ...stored,
      ...CATALOGUE,
      series_number: 2,
      series_slug: 'the-tidewater-trilogy',
    });
    expect(book).toMatchObject({ isbn: '9780306406157', pages: 312, language: 'fr', series_number: 2 });
  });

  it.each([
    ['isbn', '0306406152'],
    ['isbn', '9780306406158'],
    ['publication_date', '2026-02-30'],
    ['publication_date', '14/03/2027'],
    ['publication_date', '0999-01-01'],
    ['pages', 0],
    ['pages', 12.5],
    ['pages', 20_001],
    ['language', 'english'],
    ['series_number', 0],
    ['series_number', 2.25],
  ])('refuses %s = %s', (field, value) => {
    expect(bookSchema.safeParse({ ...stored, [field]: value }).success).toBe(false);
  });
});

describe('isCalendarDate', () => {
  it('knows leap years', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-13-01')).toBe(false);
  });
});

describe('series', () => {
  it('numbers whole books and half-numbered novellas', () => {
    expect(seriesNumberSchema.safeParse(2.5).success).toBe(true);
    expect(seriesNumberSchema.safeParse(2.3).error?.issues[0]?.message).toBe(CATALOGUE_MESSAGES.seriesNumber);
    expect(seriesNumberText(2)).toBe('2');
    expect(seriesNumberText(2.5)).toBe('2.5');
  });

  it('has an address made from its name, empty for a name with no letter or digit', () => {
    expect(seriesSlug('The Tidewater Trilogy')).toBe('the-tidewater-trilogy');
    expect(seriesSlug('  Café  Noir: Book Set ')).toBe('cafe-noir-book-set');
    expect(seriesSlug('!!!')).toBe('');
    expect(seriesSlug(null)).toBe('');
    expect(seriesSlug('x'.repeat(300))).toHaveLength(100);
  });
});

describe('languages', () => {
  it('are unique tags with names', () => {
    expect(new Set(BOOK_LANGUAGE_TAGS).size).toBe(BOOK_LANGUAGE_TAGS.length);
    expect(languageName('fr')).toBe('French');
    expect(languageName('xx')).toBe('');
  });
});
