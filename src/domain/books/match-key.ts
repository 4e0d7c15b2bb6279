/**
 * A book's match key: its title and author folded as search folds them, so a
 * row of a reading history (Goodreads, The StoryGraph) that names a book by
 * title and author finds it with one indexed equality query on books.match_key
 * (kept with the other listing fields, src/domain/books/book-listing.ts).
 *
 * Pure: no I/O.
 */
import { searchWords } from '../shared/list-search.ts';

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

/** The match key a stored book should hold: its title's and its author snapshot's (a field that is not text counts as none). */
export function storedBookMatchKey(data: Record<string, unknown>): string | null {
  const author = data.author as { display_name?: unknown } | null | undefined;
  return titleAuthorKey(
    typeof data.title === 'string' ? data.title : '',
    typeof author?.display_name === 'string' ? author.display_name : '',
  );
}

/**
 * The match_key writes that bring books stored before the key existed up to date
 * (scripts/backfill-match-keys.ts): each book whose stored key is absent or differs
 * from its title's and author's, and only those, so a second run writes nothing.
 */
export function matchKeyUpdates(
  books: readonly { id: string; data: Record<string, unknown> }[],
): { id: string; key: string | null }[] {
  return books.flatMap(({ id, data }) => {
    const key = storedBookMatchKey(data);
    return data.match_key === key ? [] : [{ id, key }];
  });
}
