/**
 * Featured books and profiles on the home page, as the dashboard changes them:
 * the adminFeatured callable's requests (one zod schema, shared by the dashboard
 * and the function) and the pure slot rules.
 */
import { z } from 'zod';
import { idSchema } from '../shared/common.ts';
import { FEATURED_BOOK_SLOTS, FEATURED_PROFILE_SLOTS } from '../home/featured.ts';
import { MAX_SEARCH_KEYWORDS } from '../books/book.ts';
import { matchesAllTerms, parseSearch, searchKeywords } from '../shared/list-search.ts';

/** Refused when every book slot is taken. */
export const MAX_FEATURED_BOOKS_MESSAGE = 'Maximum of 12 featured books allowed';
/** Refused when the picked member may not be featured. */
export const PROFILE_NOT_FEATURABLE_MESSAGE = 'Only active, approved members can be featured.';
/** Refused when the picked book is missing or disabled. */
export const BOOK_NOT_FEATURABLE_MESSAGE = 'Only active books can be featured.';

const docId = idSchema.regex(/^[A-Za-z0-9_-]+$/, 'Not a document id');
const bookPosition = z.number().int().min(1).max(FEATURED_BOOK_SLOTS);
const profilePosition = z.number().int().min(1).max(FEATURED_PROFILE_SLOTS);

/** Every request of adminFeatured, told apart by `action`. */
export const adminFeaturedRequestSchema = z.discriminatedUnion('action', [
  /** Puts a book in a slot, replacing whatever held it; the book leaves any other slot. */
  z.strictObject({ action: z.literal('assign-book'), position: bookPosition, bookId: docId }),
  z.strictObject({ action: z.literal('remove-book'), position: bookPosition }),
  /** The list's toggle: featured puts the book in the first free slot; not featured removes it from its slot. */
  z.strictObject({ action: z.literal('set-book-featured'), bookId: docId, featured: z.boolean() }),
  z.strictObject({ action: z.literal('assign-profile'), position: profilePosition, userId: docId }),
  z.strictObject({ action: z.literal('remove-profile'), position: profilePosition }),
]);
/** A request as validated. */
export type AdminFeaturedRequest = z.infer<typeof adminFeaturedRequestSchema>;

/** What every action answers: the slot that changed (null when removed or nothing held). */
export interface AdminFeaturedResult {
  position: number | null;
}

/** The first position (1-based) not in `taken`, or null when all `count` are taken. */
export function firstFreePosition(taken: Iterable<number>, count: number): number | null {
  const used = new Set(taken);
  for (let position = 1; position <= count; position++) if (!used.has(position)) return position;
  return null;
}

/** The book fields the picker's search reads. */
export interface SearchableBook {
  id: string;
  title?: string | null;
  author?: { display_name?: string | null } | null;
}

/**
 * True when every search word starts a word of the book's title or author name:
 * what its stored `search_keywords` say once the books trigger has
 * written them, computed here from the book itself for books it has not reached yet.
 */
export function bookMatchesSearch(book: SearchableBook, search: string): boolean {
  const terms = parseSearch(search).terms;
  if (terms.length === 0) return true;
  // The same keywords as listingFieldsOf in book-listing.ts: title words first, then the author's name.
  const keywords = searchKeywords([book.title, book.author?.display_name], {
    maxKeywords: MAX_SEARCH_KEYWORDS,
  });
  return matchesAllTerms(keywords, terms);
}

/**
 * The picker's answer to a search: the books found through the keyword index,
 * then the newest books that match but are not indexed yet (a book's keywords are
 * written by a trigger after it is created, so the index alone would miss a book
 * created moments ago). Each book once, at most `max`.
 */
export function mergeBookSearch<T extends SearchableBook>(
  indexed: readonly T[],
  newest: readonly T[],
  search: string,
  max: number,
): T[] {
  const seen = new Set(indexed.map((book) => book.id));
  const fresh = newest.filter((book) => !seen.has(book.id) && bookMatchesSearch(book, search));
  return [...fresh, ...indexed].slice(0, max);
}
