// The fields a book carries that are derived from the book itself and its owner's
// profile, so every listing is one indexed query with no join at read time:
// - author: the owner's display name and page address (books.author snapshot);
// - has_free_reading, has_audiobook, search_keywords: from the manuscript, the
//   audiobook URL, the title and the author's name; series_slug: the series' address
//   (/series/{slug}) from its name; publication_key: the sort key of the publication
//   date (0 without one), which every book stores so the 'published' sort lists them all;
//   match_key: the folded title and author's name the reading import matches on
//   (src/domain/books/match-key.ts), null when the title has no word, also stored on every book;
// - owner_public, is_public: the owner is approved and active, and the book is
//   active and not hidden by moderation (src/domain/accounts/visibility.ts).
// They are written in one update wherever a book or its owner is written: by the
// save callables in the same transaction as the save (so a book saved through the
// editor needs no write-back at all), and by the books and profiles triggers for
// every other write (seed, admin tools, moderation, a member renamed or approved).
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import { bookSchema } from '../../../src/domain/books/book';
import { listingFieldsOf, sameListingFields } from '../../../src/domain/books/book-listing';
import { profileSchema } from '../../../src/domain/accounts/profile';
import {
  bookVisibilityFields,
  isOwnerPublic,
  sameVisibilityFields,
  visibilityFromStored,
} from '../../../src/domain/accounts/visibility';
import { parseDoc } from '../../../src/data/firestore-convert';
import { authorChanged, bookNeedsAuthor } from './author-snapshot';
import { authorFromProfile, storedAuthor } from './book-fields';
import type { DocChange, Handler } from '../shared/collection-trigger';
import { db } from '../shared/firestore';
import type { ItemOwner } from '../items/owned-items';

// Only what each part derives from is parsed, so a book or profile with some other
// bad field still gets its other parts right.
const listingSourceSchema = bookSchema.pick({
  title: true,
  manuscript_content: true,
  audiobook_url: true,
  author: true,
  series: true,
  publication_date: true,
});
const ownerSource = profileSchema.pick({ is_active: true, approval_status: true });

/** The book's owner as a derivation reads it (the save path's owner of any item). */
export type BookOwner = ItemOwner;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Which of the derived fields to bring up to date. */
export interface DerivedParts {
  author: boolean;
  listing: boolean;
  visibility: boolean;
}

/** Every part: what a save, or a change of the owner, recomputes. */
export const ALL_PARTS: DerivedParts = { author: true, listing: true, visibility: true };

/**
 * The derived fields of `book` that differ from what `owner` and the book itself
 * give: the fields to write, empty when all are current. A malformed profile leaves
 * the author as stored and makes the book not public; a book whose title or
 * manuscript is malformed keeps its listing fields (both logged).
 */
export function staleDerivedFields(
  bookId: string,
  book: Record<string, unknown>,
  owner: BookOwner | undefined,
  parts: DerivedParts = ALL_PARTS,
): Record<string, unknown> {
  const stale: Record<string, unknown> = {};
  let author = storedAuthor(book.author);
  if (parts.author && owner?.profile !== undefined) {
    try {
      const fromProfile = authorFromProfile(owner.uid, owner.profile);
      if (fromProfile !== undefined && authorChanged(author, fromProfile)) {
        stale.author = fromProfile;
        author = fromProfile;
      }
    } catch (error) {
      logger.error('book author: owner profile unreadable, author kept', {
        book: bookId,
        error: message(error),
      });
    }
  }
  if (parts.listing) listingPart(bookId, book, author, stale);
  if (parts.visibility) visibilityPart(bookId, book, owner, stale);
  return stale;
}

function listingPart(
  bookId: string,
  book: Record<string, unknown>,
  author: unknown,
  stale: Record<string, unknown>,
): void {
  try {
    const listing = listingFieldsOf(
      parseDoc(listingSourceSchema, bookId, { ...book, author: author ?? book.author }, 'books'),
    );
    if (!sameListingFields(book, listing)) Object.assign(stale, listing);
  } catch (error) {
    // A malformed book cannot be listed correctly anyway.
    logger.error('book listing fields not updated', { book: bookId, error: message(error) });
  }
}

function visibilityPart(
  bookId: string,
  book: Record<string, unknown>,
  owner: BookOwner | undefined,
  stale: Record<string, unknown>,
): void {
  let ownerPublic = false;
  if (owner?.profile !== undefined) {
    try {
      ownerPublic = isOwnerPublic(parseDoc(ownerSource, owner.uid, owner.profile, 'profiles'));
    } catch (error) {
      logger.error('book visibility: owner profile unreadable, book hidden', {
        book: bookId,
        error: message(error),
      });
    }
  }
  const visibility = bookVisibilityFields(
    book.is_active !== false,
    ownerPublic,
    book.moderation_hidden === true,
  );
  if (sameVisibilityFields(book, visibility)) return;
  if (book.owner_public !== visibility.owner_public) stale.owner_public = visibility.owner_public;
  if (book.is_public !== visibility.is_public) stale.is_public = visibility.is_public;
}

/**
 * The parts of a book's derived fields a write may have left stale, judged from the
 * event alone (no read), or undefined when none: the author when it is missing or the
 * owner changed; the visibility when the owner's state is not recorded on the book,
 * the owner changed, or the stored fields disagree with the book's own flags; the
 * listing fields when they do not match the content. Most writes (and every save
 * through the editor) answer undefined and cost nothing.
 */
export function staleParts(
  bookId: string,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): DerivedParts | undefined {
  if (after === undefined) return undefined;
  const ownerMoved = before !== undefined && before.user_id !== after.user_id;
  const fromStored = ownerMoved ? undefined : visibilityFromStored(after);
  let listing = false;
  try {
    listing = !sameListingFields(
      after,
      listingFieldsOf(parseDoc(listingSourceSchema, bookId, after, 'books')),
    );
  } catch {
    // malformed: nothing a refresh could derive (logged when one runs for another part)
  }
  const parts = {
    author: bookNeedsAuthor(before, after),
    listing,
    visibility: fromStored === undefined || !sameVisibilityFields(after, fromStored),
  };
  // A new author changes the keywords too.
  if (parts.author) parts.listing = true;
  return parts.author || parts.listing || parts.visibility ? parts : undefined;
}

/**
 * Brings one book's derived fields up to date from the book and its owner's profile,
 * read in one transaction (a concurrent edit of either makes it retry on fresh data),
 * in one update. Returns the fields written, or undefined when all were current or
 * the book is gone.
 */
export async function refreshBookDerived(
  firestore: Firestore,
  bookId: string,
  parts: DerivedParts = ALL_PARTS,
): Promise<Record<string, unknown> | undefined> {
  const ref = firestore.collection('books').doc(bookId);
  return firestore.runTransaction(async (tx) => {
    const book = await tx.get(ref);
    if (!book.exists) return undefined;
    const data = book.data() ?? {};
    const uid = data.user_id;
    const needsOwner = parts.author || parts.visibility;
    const owner =
      needsOwner && typeof uid === 'string' && uid !== ''
        ? { uid, profile: (await tx.get(firestore.collection('profiles').doc(uid))).data() }
        : undefined;
    const stale = staleDerivedFields(bookId, data, owner, parts);
    if (Object.keys(stale).length === 0) return undefined;
    tx.update(ref, stale);
    return stale;
  });
}

/** Books handler: keeps the book's derived fields current (runs first; the handlers after it see what it wrote). */
export const bookDerivedFields: Handler = {
  name: 'derived fields',
  // Visibility follows from these fields: a failure must not leave a hidden book public.
  retry: true,
  async run(change: DocChange) {
    const parts = staleParts(change.id, change.before, change.after);
    if (parts === undefined) return undefined;
    const written = await refreshBookDerived(db(), change.id, parts);
    logger.debug('book derived fields', { book: change.id, written });
    return written;
  },
};

const ownerFields = (data: Record<string, unknown> | undefined) =>
  data
    ? JSON.stringify([data.is_active, data.approval_status, data.display_name, data.page_slug ?? null])
    : 'none';

/**
 * Profiles handler: when a member is renamed, changes their page address, or is
 * approved, denied, disabled, re-enabled or deleted, brings the derived fields of
 * each of their books in line, one transaction per book that needs it (so a book
 * edited meanwhile is read afresh). A deleted profile's books become not public;
 * deleting the account removes them.
 */
export const booksOfMember: Handler = {
  name: 'books of the member',
  retry: true,
  async run(change: DocChange) {
    if (ownerFields(change.before) === ownerFields(change.after)) return;
    const firestore = db();
    const books = await firestore.collection('books').where('user_id', '==', change.id).get();
    const owner = { uid: change.id, profile: change.after };
    let written = 0;
    for (const book of books.docs) {
      if (Object.keys(staleDerivedFields(book.id, book.data(), owner)).length === 0) continue;
      if (await refreshBookDerived(firestore, book.id)) written++;
    }
    logger.debug('books of a member', { uid: change.id, books: books.size, written });
  },
};
