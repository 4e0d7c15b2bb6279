/**
 * A book's match key: its title and author folded as search folds them, so a
 * row of a reading history (Goodreads, The StoryGraph) that names a book by
 * title and author finds it with one indexed equality query on books.match_key
 * (kept with the other listing fields, src/domain/books/book-listing.ts).
 *
 * Pure: no I/O.
 */
import { searchWords } from '../search/list-search.ts';

/** A Goodreads title's series suffix, "(The Hunger Games, #1)", which a Shelfmark title does not carry. */
const SERIES_SUFFIX = /\s*\([^()]*#\s*\d+(?:\.\d+)?\)\s*$/;

/**
 * The key a row and a book are matched on when no ISBN matches: the title (its
 * Goodreads series suffix taken off) and the author's name, each folded to its
 * search words, joined by '|'. Null when the title has no word.
 */
export function titleAuthorKey(title: string, author: string): string | null {
  const words = searchWords(title.replace(SERIES_SUFFIX, ''));
  if (words.length === 0) return null;
  return `${words.join(' ')}|${searchWords(author).join(' ')}`;
}
