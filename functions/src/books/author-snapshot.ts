// When a book's author snapshot (books.author: the owner's name and page address)
// must be (re)filled; functions/src/books/book-derived.ts writes it.
import type { Author } from './book-fields';

/** True when the two snapshots differ in anything a book shows (name or page link). */
export function authorChanged(before: Author | undefined, after: Author | undefined): boolean {
  if (before === undefined || after === undefined) return before !== after;
  return (
    before.display_name !== after.display_name || (before.page_slug ?? null) !== (after.page_slug ?? null)
  );
}

/** The book fields that decide whether its author snapshot must be (re)filled. */
export type BookAuthorFields = { user_id?: unknown; author?: unknown };

/**
 * True when a book write leaves the book without its owner's snapshot: created
 * without author, or moved to another user (the old snapshot names the old owner).
 */
export function bookNeedsAuthor(
  before: BookAuthorFields | undefined,
  after: BookAuthorFields | undefined,
): boolean {
  if (after === undefined || typeof after.user_id !== 'string') return false;
  if (after.author === undefined || after.author === null) return true;
  return before !== undefined && before.user_id !== after.user_id;
}
