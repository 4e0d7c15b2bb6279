// The ISBN claims (src/domain/books/isbn-claim.ts) as the functions keep them: the
// saves take and release them in their own transaction (claimIsbnsInTransaction),
// the deletes release them (releaseClaimsInTransaction), and readers of books by
// ISBN (the reading import) ask which book an ISBN names (claimedBooks,
// claimedBookIds). isbn_claims is server-only (firestore.rules).
import { HttpsError } from 'firebase-functions/v2/https';
import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { ISBN_MESSAGES } from '../../../src/domain/books/isbn';
import { catalogueIsbnMessage } from '../../../src/domain/books/author-claim';
import {
  ISBN_CLAIMS,
  claimHolds,
  isbnsOf,
  planIsbnClaims,
  type ClaimBook,
  type IsbnChange,
} from '../../../src/domain/books/isbn-claim';
import { chunk } from '../shared/firestore';

/** The claim document of an ISBN-13. */
export function claimRef(firestore: Firestore, isbn: string): DocumentReference {
  return firestore.collection(ISBN_CLAIMS).doc(isbn);
}

/** A claim's book and owner as stored, or undefined when the document is missing or unreadable. */
function claimOf(snap: DocumentSnapshot): { book_id: string; user_id: string } | undefined {
  const bookId: unknown = snap.get('book_id');
  const userId: unknown = snap.get('user_id');
  if (!snap.exists || typeof bookId !== 'string' || bookId === '') return undefined;
  return { book_id: bookId, user_id: typeof userId === 'string' ? userId : '' };
}

/** A book as a claim reads it: undefined when gone. */
function claimBookOf(snap: DocumentSnapshot): ClaimBook {
  if (!snap.exists) return undefined;
  const isbn: unknown = snap.get('isbn');
  const editions: unknown = snap.get('editions');
  const editionIsbns = Array.isArray(editions)
    ? editions.flatMap((edition: unknown) => {
        const value = (edition as { isbn?: unknown } | null)?.isbn;
        return typeof value === 'string' ? [value] : [];
      })
    : [];
  return { isbn: typeof isbn === 'string' ? isbn : null, editionIsbns };
}

/** Reads the claims of `isbns` and the books they name, in `tx` when given. */
async function readClaims(firestore: Firestore, isbns: readonly string[], tx?: Transaction) {
  const getAll = (refs: DocumentReference[]) =>
    refs.length === 0 ? Promise.resolve([]) : tx ? tx.getAll(...refs) : firestore.getAll(...refs);
  const claimSnaps = await getAll(isbns.map((isbn) => claimRef(firestore, isbn)));
  const claims = new Map<string, { book_id: string; user_id: string }>();
  claimSnaps.forEach((snap) => {
    const claim = claimOf(snap);
    if (claim) claims.set(snap.id, claim);
  });
  const bookIds = [...new Set([...claims.values()].map((claim) => claim.book_id))];
  const bookSnaps = await getAll(bookIds.map((id) => firestore.collection('books').doc(id)));
  const books = new Map<string, ClaimBook>();
  const bookDocs = new Map<string, DocumentSnapshot>();
  bookSnaps.forEach((snap) => {
    books.set(snap.id, claimBookOf(snap));
    bookDocs.set(snap.id, snap);
  });
  return { claims, books, bookDocs };
}

/**
 * Why a save's ISBN is refused: a catalogue book holding it is offered to the member
 * to claim (src/domain/books/author-claim.ts, catalogueIsbnMessage), never copied;
 * another member's book keeps the plain ISBN_MESSAGES.taken.
 */
function refusalOf(change: IsbnChange, state: Awaited<ReturnType<typeof readClaims>>): string {
  const claim = change.after === null ? undefined : state.claims.get(change.after);
  const holder = claim ? state.bookDocs.get(claim.book_id) : undefined;
  if (!holder?.exists || holder.get('kind') !== 'catalogue') return ISBN_MESSAGES.taken;
  const slugs: unknown = holder.get('author_slugs');
  const slug = Array.isArray(slugs) && typeof slugs[0] === 'string' ? slugs[0] : null;
  return catalogueIsbnMessage({
    title: String(holder.get('title') ?? ''),
    authorPath: slug ? `/authors/${slug}` : null,
    yours: holder.get('claimed_by') === change.userId,
  });
}

/**
 * Takes and releases the claims of a save's ISBN changes in `tx`: reads first,
 * refuses the first book whose ISBN another book holds (already-exists,
 * refusalOf's message), and returns the writes to make once every other check
 * has passed.
 */
export async function claimIsbnsInTransaction(
  tx: Transaction,
  firestore: Firestore,
  changes: readonly IsbnChange[],
): Promise<() => void> {
  const relevant = changes.filter((change) => change.before !== null || change.after !== null);
  if (relevant.length === 0) return () => undefined;
  const state = await readClaims(firestore, isbnsOf(changes), tx);
  const plan = planIsbnClaims(changes, state);
  if (plan.refused.length > 0)
    throw new HttpsError('already-exists', refusalOf(changes[plan.refused[0]!]!, state));
  return () => {
    const now = Timestamp.now();
    for (const isbn of plan.release) tx.delete(claimRef(firestore, isbn));
    for (const { isbn, bookId, userId } of plan.take)
      tx.set(claimRef(firestore, isbn), { book_id: bookId, user_id: userId, claimed_at: now });
  };
}

/**
 * Releases the claims deleted books hold, in `tx`: reads first, returns the
 * deletes. A claim of another book, or of none, is left.
 */
export async function releaseClaimsInTransaction(
  tx: Transaction,
  firestore: Firestore,
  books: readonly { id: string; isbn: unknown }[],
): Promise<() => void> {
  const carried = books.filter((book): book is { id: string; isbn: string } => typeof book.isbn === 'string');
  if (carried.length === 0) return () => undefined;
  const snaps = await tx.getAll(...carried.map((book) => claimRef(firestore, book.isbn)));
  const held = snaps.filter((snap, i) => claimOf(snap)?.book_id === carried[i]!.id);
  return () => held.forEach((snap) => tx.delete(snap.ref));
}

/** Releases, outside a transaction, the claims of books deleted in one batch (account deletion); returns the refs to delete. */
export async function heldClaimRefs(
  firestore: Firestore,
  books: readonly { id: string; isbn: unknown }[],
): Promise<DocumentReference[]> {
  const carried = books.filter((book): book is { id: string; isbn: string } => typeof book.isbn === 'string');
  if (carried.length === 0) return [];
  const snaps = await firestore.getAll(...carried.map((book) => claimRef(firestore, book.isbn)));
  return snaps.filter((snap, i) => claimOf(snap)?.book_id === carried[i]!.id).map((snap) => snap.ref);
}

/**
 * The books that hold `isbns`, read in `tx`: ISBN-13 → book id, only for claims
 * that hold. For a new catalogue book, whose editions may carry only ISBNs no
 * other book holds.
 */
export async function isbnHoldersInTransaction(
  tx: Transaction,
  firestore: Firestore,
  isbns: readonly string[],
): Promise<Map<string, string>> {
  const holders = new Map<string, string>();
  if (isbns.length === 0) return holders;
  const { claims, books } = await readClaims(firestore, [...new Set(isbns)], tx);
  for (const [isbn, claim] of claims)
    if (claimHolds(isbn, claim, books.get(claim.book_id))) holders.set(isbn, claim.book_id);
  return holders;
}

/** Claims read per round trip. */
const READ_CHUNK = 100;

/**
 * The book each ISBN-13 names on the site, for readers of books by ISBN (the
 * reading import's matcher): only claims that hold (the book exists and carries
 * the ISBN); an ISBN without one is absent. Whether the book is public is the
 * caller's to judge (the snapshot is the book's).
 */
export async function claimedBooks(
  firestore: Firestore,
  isbns: Iterable<string>,
): Promise<Map<string, DocumentSnapshot>> {
  const found = new Map<string, DocumentSnapshot>();
  for (const part of chunk([...new Set(isbns)], READ_CHUNK)) {
    const { claims, books, bookDocs } = await readClaims(firestore, part);
    for (const [isbn, claim] of claims) {
      if (claimHolds(isbn, claim, books.get(claim.book_id))) found.set(isbn, bookDocs.get(claim.book_id)!);
    }
  }
  return found;
}

/** claimedBooks as ids: ISBN-13 → the id of the book that holds it. */
export async function claimedBookIds(
  firestore: Firestore,
  isbns: Iterable<string>,
): Promise<Map<string, string>> {
  const books = await claimedBooks(firestore, isbns);
  return new Map([...books].map(([isbn, snap]) => [isbn, snap.id]));
}
