// Everything /book/{id} and its reading pages show, in at most two reads whatever
// the book holds: the book document (its author snapshot, purchase links and
// manuscript sections are all inside it), then, for a listed book, its owner's
// profile, because a listed book is public only while it is active and its owner
// is active and approved. A catalogue book has no owner: the one read decides
// (isReadableBook). No per-link or per-section reads.
import type { Firestore } from 'firebase-admin/firestore';
import { bookSchema, type Book } from '../../../domain/books/book.ts';
import { isBookIdShape } from '../../../domain/books/book-page.ts';
import type { Profile } from '../../../domain/accounts/profile.ts';
import { bookKindOf, isItemPublic, isReadableBook } from '../../../domain/accounts/visibility.ts';
import {
  MAX_REDIRECT_HOPS,
  catalogueBookSchema,
  type CatalogueBook,
} from '../../../domain/books/catalogue-book.ts';
import { tryParseDoc } from '../../firestore-convert.ts';
import { getDb } from '../shared/firestore.ts';
import { getProfileById } from '../accounts/profiles.ts';
import { meterReads } from '../shared/read-meter.ts';

/** What the book page renders for an id. */
export type BookPageData =
  | { kind: 'found'; book: Book; owner: Profile }
  /** A catalogue book (no owner) readers may see: active and not hidden by moderation. */
  | { kind: 'catalogue'; book: CatalogueBook }
  /** A catalogue book a librarian merged into another: the page answers a 301 to the kept book's (chains followed). */
  | { kind: 'moved'; to: string }
  /** Unknown or malformed id, a disabled or hidden book, a book failing its schema, or an owner who is not public. */
  | { kind: 'not-found' };

/** The book `books/{id}` whatever its state, or null when missing or failing the schema (logged). One read. */
export async function getBookById(id: string, db: Firestore = getDb()): Promise<Book | null> {
  const snap = await readBookDoc(id, db);
  return snap && bookKindOf(snap.data()) === 'listed' ? tryParseDoc(bookSchema, snap) : null;
}

/** The stored `books/{id}` (either kind), or null for an id of the wrong shape or no document. One read. */
async function readBookDoc(id: string, db: Firestore) {
  if (!isBookIdShape(id)) return null;
  const snap = await db.collection('books').doc(id).get();
  meterReads(1);
  return snap.exists ? snap : null;
}

/**
 * Where a merged book's page leads: the book it was merged into, following a chain of
 * merges up to MAX_REDIRECT_HOPS reads; null when `mergedInto` is none or the chain
 * ends nowhere readable (then the page is Not Found).
 */
async function mergedTarget(mergedInto: unknown, db: Firestore): Promise<string | null> {
  let next = mergedInto;
  for (let hop = 0; hop < MAX_REDIRECT_HOPS && typeof next === 'string'; hop++) {
    const snap = await readBookDoc(next, db);
    if (!snap) return null;
    if (typeof snap.get('merged_into') !== 'string') return isReadableBook(snap.data()) ? snap.id : null;
    next = snap.get('merged_into');
  }
  return null;
}

/** Loads the public book page of `id` (see the file comment for what it reads). */
export async function loadBookPage(id: string, db: Firestore = getDb()): Promise<BookPageData> {
  const snap = await readBookDoc(id, db);
  if (!snap) return { kind: 'not-found' };
  if (bookKindOf(snap.data()) === 'catalogue') {
    const to = await mergedTarget(snap.get('merged_into'), db);
    if (to) return { kind: 'moved', to };
    if (!isReadableBook(snap.data())) return { kind: 'not-found' };
    const book = tryParseDoc(catalogueBookSchema, snap);
    return book ? { kind: 'catalogue', book } : { kind: 'not-found' };
  }
  const book = tryParseDoc(bookSchema, snap);
  if (!book || !book.is_active) return { kind: 'not-found' };
  const owner = await getProfileById(book.user_id, db);
  if (!owner || !isItemPublic(book, owner)) return { kind: 'not-found' };
  return { kind: 'found', book, owner };
}
