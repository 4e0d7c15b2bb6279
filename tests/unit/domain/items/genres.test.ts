import { describe, expect, it } from 'vitest';
import {
  BOOK_CATEGORIES,
  GENRE_CATALOGUE,
  bookCategoryLabel,
  categoryOfGenre,
  genreLabel,
  genresFor,
  toBookCategory,
} from '../../../../src/domain/items/genres.ts';

describe('genre catalogue', () => {
  it('has 25 fiction and 18 non-fiction sub-genres', () => {
    expect(GENRE_CATALOGUE.fiction).toHaveLength(25);
    expect(GENRE_CATALOGUE['non-fiction']).toHaveLength(18);
  });
  it('uses unique, URL-safe slugs across both categories', () => {
    const values = [...GENRE_CATALOGUE.fiction, ...GENRE_CATALOGUE['non-fiction']].map((g) => g.value);
    expect(new Set(values).size).toBe(43);
    for (const value of values) expect(value).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
  it('labels categories Fiction and Non-Fiction', () => {
    expect(BOOK_CATEGORIES).toEqual([
      { value: 'fiction', label: 'Fiction' },
      { value: 'non-fiction', label: 'Non-Fiction' },
    ]);
    expect(bookCategoryLabel('non-fiction')).toBe('Non-Fiction');
    expect(toBookCategory('Non-Fiction')).toBe('non-fiction');
    expect(toBookCategory('poetry')).toBeUndefined();
  });
  it('genreLabel returns the label, or the value when unknown', () => {
    expect(genreLabel('science-fiction')).toBe('Science Fiction');
    expect(genreLabel('Space Opera')).toBe('Space Opera');
  });
  it('genresFor and categoryOfGenre', () => {
    expect(genresFor('fiction')).toBe(GENRE_CATALOGUE.fiction);
    expect(genresFor('other')).toEqual([]);
    expect(categoryOfGenre('history')).toBe('non-fiction');
    expect(categoryOfGenre('unknown')).toBeUndefined();
  });
});
