import { describe, expect, it } from 'vitest';
import {
  bookChips,
  bookMetaDescription,
  isBookIdShape,
  offersReading,
  paragraphsOf,
  parseSectionNumber,
  readerSections,
  readingPath,
  safeHref,
} from '../../../../src/domain/books/book-page.ts';

describe('isBookIdShape', () => {
  it('accepts auto ids and refuses paths, blanks and overlong ids', () => {
    expect(isBookIdShape('aB3_x-9')).toBe(true);
    for (const bad of ['', 'a/b', '..', 'a b', '%2F', 'x'.repeat(129), undefined, null])
      expect(isBookIdShape(bad)).toBe(false);
  });
});

describe('parseSectionNumber', () => {
  it('reads 1-based whole numbers only', () => {
    expect(parseSectionNumber('1')).toBe(1);
    expect(parseSectionNumber('12')).toBe(12);
    for (const bad of ['0', '01', '-1', '1.5', 'abc', '', '99999', undefined])
      expect(parseSectionNumber(bad)).toBeNull();
  });
  it('builds the reading path', () => {
    expect(readingPath('b1', 3)).toBe('/book/b1/read/3');
  });
});

describe('safeHref', () => {
  it('keeps http(s) URLs and media paths, drops script and data links', () => {
    expect(safeHref(' https://x.example/a ')).toBe('https://x.example/a');
    expect(safeHref('/media/u1/covers/a/640.webp')).toBe('/media/u1/covers/a/640.webp');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/admin', '', null])
      expect(safeHref(bad)).toBeNull();
  });
});

describe('readerSections', () => {
  const book = {
    manuscript_content: [
      { id: 'c', type: 'url' as const, title: 'More', content: 'https://read.example.com/more', order: 2 },
      { id: 'a', type: 'text' as const, title: '', content: 'One\r\nline two\n\n  \n\nThree <b>', order: 0 },
      { id: 'b', type: 'image' as const, title: 'Map', content: 'javascript:alert(1)', order: 1 },
      { id: 'd', type: 'text' as const, title: 'Blank', content: '  ', order: 3 },
    ],
  };
  it('orders sections, splits paragraphs at blank lines and never renders an unsafe URL', () => {
    expect(readerSections(book)).toEqual([
      { kind: 'text', id: 'a', title: 'Section 1', paragraphs: ['One\nline two', 'Three <b>'] },
      { kind: 'empty', id: 'b', title: 'Map' },
      { kind: 'link', id: 'c', title: 'More', href: 'https://read.example.com/more' },
      { kind: 'empty', id: 'd', title: 'Blank' },
    ]);
    expect(paragraphsOf('\n\n')).toEqual([]);
  });
  it('offers reading only with a text or url section', () => {
    expect(offersReading(book)).toBe(true);
    expect(
      offersReading({
        manuscript_content: [
          { id: 'i', type: 'image', title: '', content: 'https://x.example/i.png', order: 0 },
        ],
      }),
    ).toBe(false);
    expect(offersReading({ manuscript_content: [] })).toBe(false);
  });
});

describe('book chips and description', () => {
  it('labels category and catalogue genres, keeps sub-genres once', () => {
    expect(
      bookChips({
        category: 'fiction',
        genre: ['fantasy', 'Old Free Text'],
        sub_genre: ['Epic', ' Epic ', ''],
      }),
    ).toEqual({
      category: 'Fiction',
      genres: ['Fantasy', 'Old Free Text'],
      subGenres: ['Epic'],
    });
  });
  it('falls back to title and author', () => {
    expect(bookMetaDescription({ title: 'Tides', description: null, author: { display_name: 'Jane' } })).toBe(
      'Tides by Jane.',
    );
    expect(bookMetaDescription({ title: 'Tides', description: 'A  sea\nnovel.', author: undefined })).toBe(
      'A sea novel.',
    );
  });
});
