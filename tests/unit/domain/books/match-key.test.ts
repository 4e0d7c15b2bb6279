// A book's match key: title and author folded as search folds them, a Goodreads
// series suffix taken off, so an imported row and a stored book meet on one string.
import { describe, expect, it } from 'vitest';
import { listingFieldsOf } from '../../../../src/domain/books/book-listing.ts';
import { matchKeyUpdates, titleAuthorKey } from '../../../../src/domain/books/match-key.ts';

describe('matching by title and author', () => {
  it('folds accents, case and punctuation, and takes off a Goodreads series suffix', () => {
    expect(titleAuthorKey('The Hunger Games (The Hunger Games, #1)', 'Suzanne Collins')).toBe(
      'the hunger games|suzanne collins',
    );
    expect(titleAuthorKey('L’Œuvre: a Novel!', 'Émile ZOLA')).toBe(
      titleAuthorKey('loeuvre a novel', 'emile zola'),
    );
    expect(titleAuthorKey('Notes (Draft)', 'A')).toBe('notes draft|a');
    expect(titleAuthorKey('!!!', 'A')).toBeNull();
  });

  it('keeps a title without an author, and a decimal series number off the title', () => {
    expect(titleAuthorKey('Midnight Tide', '')).toBe('midnight tide|');
    expect(titleAuthorKey('Tides (Salt Roads, #2.5)', 'Ann')).toBe('tides|ann');
  });
});

describe('the match-key backfill (scripts/backfill-match-keys.ts)', () => {
  const author = { display_name: 'Ann Archer', page_slug: 'ann' };
  const books = [
    { id: 'older', data: { title: 'Salt Roads (Tides, #2)', author } },
    { id: 'done', data: { title: 'Night', author, match_key: 'night|ann archer' } },
    { id: 'renamed', data: { title: 'Night', author, match_key: 'night|bea' } },
    { id: 'wordless', data: { title: '***', author } },
    { id: 'wordless_done', data: { title: '***', author, match_key: null } },
    { id: 'no_author', data: { title: 'Night' } },
    { id: 'malformed', data: { title: 42, author: { display_name: 7 } } },
  ];

  it('names each book whose key is absent or wrong, with the key the listing fields give', () => {
    const updates = matchKeyUpdates(books);
    expect(updates).toEqual([
      { id: 'older', key: 'salt roads|ann archer' },
      { id: 'renamed', key: 'night|ann archer' },
      { id: 'wordless', key: null },
      { id: 'no_author', key: 'night|' },
      { id: 'malformed', key: null },
    ]);
    for (const { id, key } of updates.slice(0, 4)) {
      const data = books.find((book) => book.id === id)!.data as Parameters<typeof listingFieldsOf>[0];
      expect(listingFieldsOf(data).match_key, id).toBe(key);
    }
  });

  it('writes nothing on a second run', () => {
    const updates = new Map(matchKeyUpdates(books).map(({ id, key }) => [id, key]));
    const written = books.map((book) =>
      updates.has(book.id) ? { ...book, data: { ...book.data, match_key: updates.get(book.id) } } : book,
    );
    expect(matchKeyUpdates(written)).toEqual([]);
  });
});
