/**
 * An ISBN names one book: `isbn_claims/{isbn13}` says which book on the site
 * carries an ISBN-13. The book save (saveBook) takes the claim in the transaction
 * that stores the ISBN and refuses a second book with ISBN_MESSAGES.taken;
 * changing a book's ISBN releases its old claim, deleting the book (or its
 * owner's account) releases its claims, and a claim whose book is gone or no
 * longer carries the ISBN counts as free. Without this, a book with a popular
 * ISBN borrowed other members' imported histories (the reading import matches by
 * ISBN). Admins move a claim to settle a dispute (adminIsbnClaims).
 * Server-only: no client reads or writes the collection.
 */
import { z } from 'zod';
import { idSchema, timestampSchema } from '../shared/common.ts';
import { storedIsbnSchema } from './catalogue.ts';

/** The collection of the claims, keyed by the ISBN-13. */
export const ISBN_CLAIMS = 'isbn_claims';

/** isbn_claims/{isbn13}: which book carries an ISBN-13. */
export const isbnClaimSchema = z.object({
  /** The ISBN-13, digits only: the document's id. */
  id: storedIsbnSchema,
  /** The book that carries the ISBN. */
  book_id: idSchema,
  /** The book's owner when the claim was taken (or moved to it); null for a catalogue book, which has none. */
  user_id: idSchema.nullable(),
  /** When the book took the ISBN (for books stored before the claims: the book's creation). */
  claimed_at: timestampSchema,
});
/** A stored ISBN claim. */
export type IsbnClaim = z.infer<typeof isbnClaimSchema>;

/**
 * What a claim's book says of it: absent when the book is gone, else the ISBN it
 * carries now and, for a catalogue book, every edition's ISBN (each is claimed).
 */
export type ClaimBook = { isbn?: string | null; editionIsbns?: readonly string[] } | undefined;

/**
 * True when a claim of `isbn` by `claim.book_id` still holds: the book exists and
 * carries the ISBN. A claim left by a book deleted (or re-numbered) without its
 * release counts as free. A catalogue book holds the ISBN of each of its editions.
 */
export function claimHolds(isbn: string, claim: { book_id: string } | undefined, book: ClaimBook): boolean {
  return (
    claim !== undefined && book !== undefined && (book.isbn === isbn || !!book.editionIsbns?.includes(isbn))
  );
}

/** One book's ISBN in a save: what it carried before (null for a new book or none) and what it will carry. */
export interface IsbnChange {
  /** The book's id (a new book's id is the one the save creates). */
  bookId: string;
  /** The book's owner. */
  userId: string;
  before: string | null;
  after: string | null;
}

/** What the saves read before they decide: each ISBN's claim and each claiming book's stored ISBN. */
export interface ClaimState {
  /** The claim of each ISBN the changes name (absent: none). */
  claims: ReadonlyMap<string, { book_id: string; user_id: string }>;
  /** The books those claims name, as stored (absent: the book is gone). */
  books: ReadonlyMap<string, ClaimBook>;
}

/** What a save does to the claims: the changes refused (their index), the claims to write and those to delete. */
export interface ClaimPlan {
  refused: number[];
  take: { isbn: string; bookId: string; userId: string }[];
  release: string[];
}

/**
 * The ISBNs each change needs and leaves: every before and after, so the save
 * reads each claim once.
 */
export function isbnsOf(changes: readonly IsbnChange[]): string[] {
  return [...new Set(changes.flatMap((c) => [c.before, c.after]).filter((isbn) => isbn !== null))];
}

/**
 * Decides a save's claims (pure: the caller reads the state in its transaction and
 * writes the plan). A book keeping its ISBN keeps (or, when free, takes) its claim;
 * a book taking an ISBN held by another book is refused; a book leaving an ISBN
 * releases the claim it held. Two books of one save taking one ISBN: the first
 * takes it, the second is refused. A book whose ISBN is unchanged and whose
 * claim is held by another book (two books stored before the claims) is refused
 * too: its owner must change or clear the ISBN, or ask an admin.
 */
export function planIsbnClaims(changes: readonly IsbnChange[], state: ClaimState): ClaimPlan {
  const plan: ClaimPlan = { refused: [], take: [], release: [] };
  // Who holds each ISBN as the save goes along (null: free).
  const holder = new Map<string, string | null>();
  const holderOf = (isbn: string): string | null => {
    if (holder.has(isbn)) return holder.get(isbn) ?? null;
    const claim = state.claims.get(isbn);
    const held = claim && claimHolds(isbn, claim, state.books.get(claim.book_id)) ? claim.book_id : null;
    holder.set(isbn, held);
    return held;
  };
  changes.forEach((change, index) => {
    const { before, after, bookId, userId } = change;
    if (after !== null) {
      const held = holderOf(after);
      if (held !== null && held !== bookId) {
        plan.refused.push(index);
        return;
      }
      const stored = state.claims.get(after);
      const current = stored?.book_id === bookId && stored.user_id === userId && held === bookId;
      if (!current) plan.take.push({ isbn: after, bookId, userId });
      holder.set(after, bookId);
    }
    if (before !== null && before !== after && holderOf(before) === bookId) {
      plan.release.push(before);
      holder.set(before, null);
    }
  });
  return plan;
}

/** A stored book as the backfill and the seed read it. */
export interface ClaimingBook {
  id: string;
  user_id: string;
  isbn?: string | null;
  created_at: Date;
}

/**
 * The claims books stored before the claims need (the backfill, the seed): for each
 * ISBN whose claim does not hold, the oldest book carrying it (ties: the smaller
 * id) takes it, claimed when that book was created. A claim that holds is kept,
 * so running it again writes nothing.
 */
export function missingClaims(
  books: readonly ClaimingBook[],
  claims: ReadonlyMap<string, { book_id: string }> = new Map(),
): IsbnClaim[] {
  const byId = new Map(books.map((book) => [book.id, book]));
  const oldest = new Map<string, ClaimingBook>();
  for (const book of books) {
    if (!book.isbn) continue;
    const seen = oldest.get(book.isbn);
    const older =
      !seen ||
      book.created_at.getTime() < seen.created_at.getTime() ||
      (book.created_at.getTime() === seen.created_at.getTime() && book.id < seen.id);
    if (older) oldest.set(book.isbn, book);
  }
  const missing: IsbnClaim[] = [];
  for (const [isbn, book] of [...oldest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const claim = claims.get(isbn);
    if (claim && claimHolds(isbn, claim, byId.get(claim.book_id))) continue;
    missing.push({ id: isbn, book_id: book.id, user_id: book.user_id, claimed_at: book.created_at });
  }
  return missing;
}
