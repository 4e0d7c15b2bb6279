import { describe, expect, it } from 'vitest';
import {
  authorNames,
  catalogueBookSchema,
  readersMarkOf,
} from '../../../../src/domain/books/catalogue-book.ts';
import { bookKindOf, isReadableBook } from '../../../../src/domain/accounts/visibility.ts';
import { catalogueBookSearchDocument } from '../../../../src/domain/search/search-documents.ts';

const stored = {
  id: 'cat1',
  kind: 'catalogue',
  title: 'The Tidal Atlas',
  authors: [{ name: 'Maren Olsen', source_id: 'OL1A' }],
  editions: [
    { isbn: '9780306406157', format: 'Paperback', publication_year: 1998 },
    { isbn: null, format: 'Hardcover' },
  ],
  isbn: '9780306406157',
  subjects: ['Oceans', 'Maps'],
  source: 'openlibrary',
  source_id: 'OL1W',
  added_by: 'reader-1',
  is_active: true,
  moderation_hidden: false,
  created_at: new Date('2026-12-01T10:00:00Z'),
};

describe('the kinds of book', () => {
  it('reads a book without a kind as a listing', () => {
    expect(bookKindOf({ title: 'x' })).toBe('listed');
    expect(bookKindOf({ kind: 'catalogue' })).toBe('catalogue');
    expect(bookKindOf({ kind: 'something else' })).toBe('listed');
    expect(bookKindOf(undefined)).toBe('listed');
  });

  it('lets readers see a listed book only while it is public', () => {
    expect(isReadableBook({ is_public: true })).toBe(true);
    expect(isReadableBook({ is_public: false, is_active: true })).toBe(false);
    expect(isReadableBook({})).toBe(false);
    expect(isReadableBook(undefined)).toBe(false);
  });

  it('lets readers see a catalogue book while it is active and not hidden, though it is in no listing', () => {
    expect(
      isReadableBook({ kind: 'catalogue', is_public: false, is_active: true, moderation_hidden: false }),
    ).toBe(true);
    expect(isReadableBook({ kind: 'catalogue' })).toBe(true);
    expect(isReadableBook({ kind: 'catalogue', is_active: false })).toBe(false);
    expect(isReadableBook({ kind: 'catalogue', moderation_hidden: true })).toBe(false);
  });
});

describe('catalogueBookSchema', () => {
  it('takes a stored catalogue book and fills the defaults', () => {
    const book = catalogueBookSchema.parse(stored);
    expect(book.is_public).toBe(false);
    expect(book.rating_count).toBe(0);
    expect(book.needs_review).toBe(false);
  });

  it('refuses one without authors, with a wrong ISBN, or claiming to be listed', () => {
    expect(catalogueBookSchema.safeParse({ ...stored, authors: [] }).success).toBe(false);
    expect(catalogueBookSchema.safeParse({ ...stored, isbn: '9780306406158' }).success).toBe(false);
    expect(catalogueBookSchema.safeParse({ ...stored, is_public: true }).success).toBe(false);
    expect(catalogueBookSchema.safeParse({ ...stored, kind: 'listed' }).success).toBe(false);
  });
});

describe('authorNames', () => {
  it('joins names as a sentence', () => {
    expect(authorNames([])).toBe('');
    expect(authorNames([{ name: 'A' }])).toBe('A');
    expect(authorNames([{ name: 'A' }, { name: 'B' }])).toBe('A and B');
    expect(authorNames([{ name: 'A' }, { name: 'B' }, { name: 'C' }])).toBe('A, B and C');
  });
});

describe('catalogueBookSearchDocument', () => {
  it('finds a catalogue book by its words, its authors and every edition’s ISBN-13 and ISBN-10', () => {
    const document = catalogueBookSearchDocument(catalogueBookSchema.parse(stored));
    expect(document).toMatchObject({
      id: 'book_cat1',
      kind: 'book',
      title: 'The Tidal Atlas',
      author: 'Maren Olsen',
      genres: ['Oceans', 'Maps'],
      url: '/book/cat1',
    });
    expect(document?.keywords.split(' ')).toEqual(['9780306406157', '0306406152']);
  });

  it('leaves out a hidden one', () => {
    expect(
      catalogueBookSearchDocument(catalogueBookSchema.parse({ ...stored, moderation_hidden: true })),
    ).toBeNull();
  });
});

describe('author pages', () => {
  it('slug a name in any script, accents folded, and give no page to a name of signs only', async () => {
    const { authorSlug, authorPath, authorSlugsOf } =
      await import('../../../../src/domain/books/catalogue-book.ts');
    expect(authorSlug('Émile Zola')).toBe('emile-zola');
    expect(authorSlug('Michał  Bułhakow ')).toBe('michał-bułhakow');
    expect(authorSlug('Михаил Булгаков')).toBe('михаил-булгаков');
    expect(authorSlug('夏目 漱石')).toBe('夏目-漱石');
    expect(authorSlug('— * —')).toBe('');
    expect(authorPath('— * —')).toBeNull();
    expect(authorPath('Михаил Булгаков')).toBe(`/authors/${encodeURIComponent('михаил-булгаков')}`);
    expect(authorSlugsOf([{ name: 'A. B. Smith' }, { name: 'a b smith' }, { name: '?' }])).toEqual([
      'a-b-smith',
    ]);
  });
});

describe('readersMarkOf', () => {
  it('marks a catalogue book once, and never a listed book', () => {
    expect(readersMarkOf({ kind: 'catalogue' })).toEqual({ has_readers: true });
    expect(readersMarkOf({ kind: 'catalogue', has_readers: false })).toEqual({ has_readers: true });
    expect(readersMarkOf({ kind: 'catalogue', has_readers: true })).toBeNull();
    expect(readersMarkOf({ title: 'A listing', is_public: true })).toBeNull();
    expect(readersMarkOf(undefined)).toBeNull();
  });
});
