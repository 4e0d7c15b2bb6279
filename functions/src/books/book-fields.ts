// Reads the few fields the triggers need through the shared domain schemas, so the
// functions and the site agree on what a book and a profile look like.
import { bookAuthorSchema, bookSchema, type BookAuthor } from '../../../src/domain/books/book';
import { profileSchema } from '../../../src/domain/accounts/profile';
import { parseDoc } from '../../../src/data/firestore-convert';

/** The snapshot of the owner's profile stored on each book. */
export type Author = BookAuthor;

const bookOwnershipSchema = bookSchema.pick({ user_id: true, is_active: true });
/** The book fields that decide whose book_count a book counts towards. */
export type BookOwnership = { user_id?: string; is_active?: boolean };

// Only the fields copied into books are parsed: a profile with some other bad field
// must still propagate its name.
const profileAuthorSchema = profileSchema.pick({ display_name: true, page_slug: true });

/** Reads a book's owner and active flag, or undefined when there is no document; a malformed book throws. */
export function readBookOwnership(id: string, data: unknown): BookOwnership | undefined {
  return data === undefined ? undefined : parseDoc(bookOwnershipSchema, id, data, 'books');
}

/** The author snapshot a profile document gives its books, or undefined when there is no document; a malformed profile throws. */
export function authorFromProfile(uid: string, data: unknown): Author | undefined {
  if (data === undefined) return undefined;
  const { display_name, page_slug } = parseDoc(profileAuthorSchema, uid, data, 'profiles');
  return { display_name, page_slug };
}

/** The author snapshot stored on a book, or undefined when it is missing or unreadable (so it gets rewritten). */
export function storedAuthor(value: unknown): Author | undefined {
  const result = bookAuthorSchema.safeParse(value);
  return result.success ? result.data : undefined;
}
