// A book's match key: title and author folded as search folds them, a Goodreads
// series suffix taken off, so an imported row and a stored book meet on one string.
import { describe, expect, it } from 'vitest';
import { titleAuthorKey } from '../../../src/domain/books/match-key.ts';
import { titleAuthorKey as fromReadingCsv } from '../../../src/domain/readers/reading-csv.ts';

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

  it('is the same function the reading import uses', () => {
    expect(fromReadingCsv).toBe(titleAuthorKey);
  });
});
