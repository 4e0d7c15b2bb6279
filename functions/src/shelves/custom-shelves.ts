// Shelves of one's own (src/domain/shelves/custom-shelf.ts): the only writers of
// custom_shelves and custom_shelf_books. editCustomShelf creates, renames, moves
// and deletes a member's shelves; placeOnCustomShelf puts a book on one of them
// or takes it off. ensureCustomShelves and placeOnCustomShelves are the same
// writes for code that brings many at once (the Goodreads importer's
// "Bookshelves" column), under the same limits: CUSTOM_SHELF_LIMITS.
//
// Every write reads the member's shelves (at most 20 documents) in its
// transaction, so the limit, the unique slugs, the order and each shelf's
// book_count are decided on what is stored, never on what the client says.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { profileCacheTag } from '../../../src/data/server/shared/cache-tags';
import { isBookIdShape } from '../../../src/domain/books/book-page';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import {
  CUSTOM_SHELF_BOOKS,
  CUSTOM_SHELF_LIMITS,
  CUSTOM_SHELF_MESSAGES,
  CUSTOM_SHELVES,
  customShelfBookId,
  customShelfNameSchema,
  customShelfSlug,
  editCustomShelfRequestSchema,
  movedPositions,
  nameProblem,
  nextPosition,
  orderShelves,
  placeOnCustomShelfRequestSchema,
  type CustomShelfSummary,
  type EditCustomShelfResponse,
  type PlaceOnCustomShelfResponse,
} from '../../../src/domain/shelves/custom-shelf';
import { SHELF_LIMITS_PER_MEMBER, SHELF_MESSAGES } from '../../../src/domain/shelves/shelf';
import { consumeAttempt } from '../accounts/throttle';
import { requireFeature } from '../billing/early-access';
import { chunk, db, runTransactionWithRetry } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { purgeCacheTags } from '../shared/cache-purge';
import { isReadableBook } from '../../../src/domain/accounts/visibility';

/** The member's shelves as stored, read in `tx`, in their order. */
async function shelvesOf(firestore: Firestore, tx: Transaction, uid: string): Promise<CustomShelfSummary[]> {
  // Never more than the limit exist (every create checks it in its transaction).
  const snap = await tx.get(
    firestore
      .collection(CUSTOM_SHELVES)
      .where('user_id', '==', uid)
      .limit(CUSTOM_SHELF_LIMITS.shelves + 1),
  );
  return orderShelves(
    snap.docs.map((doc) => ({
      id: doc.id,
      name: String(doc.get('name') ?? ''),
      slug: String(doc.get('slug') ?? ''),
      position: Number(doc.get('position') ?? 0),
      book_count: Number(doc.get('book_count') ?? 0),
    })),
  );
}

/** What ensureCustomShelves made of the names it was given. */
export interface EnsuredShelves {
  /** Each accepted name (as given) and its shelf's id, found by slug or created. */
  ids: Map<string, string>;
  /** The names that could not become a shelf, and why (a CUSTOM_SHELF_MESSAGES text). */
  refused: { name: string; reason: string }[];
}

/**
 * The ids of `uid`'s shelves named `names`, creating the missing ones at the end
 * of their order, in one transaction. A name matches an existing shelf by slug
 * ('Summer Reads' finds 'summer-reads'); a name customShelfNameSchema refuses
 * (a reserved one such as 'to-read' included) or one past the shelf limit is
 * refused, not thrown. Checks nothing about the caller: the caller's standing
 * is the importer's to check, as the callables check it.
 */
export async function ensureCustomShelves(
  firestore: Firestore,
  uid: string,
  names: readonly string[],
): Promise<EnsuredShelves> {
  return runTransactionWithRetry(firestore, async (tx) => {
    const shelves = await shelvesOf(firestore, tx, uid);
    const ids = new Map<string, string>();
    const refused: EnsuredShelves['refused'] = [];
    const now = Timestamp.now();
    for (const name of names) {
      const parsed = customShelfNameSchema.safeParse(name);
      if (!parsed.success) {
        refused.push({ name, reason: parsed.error.issues[0]?.message ?? CUSTOM_SHELF_MESSAGES.failed });
        continue;
      }
      const slug = customShelfSlug(parsed.data);
      const found = shelves.find((shelf) => shelf.slug === slug);
      if (found) {
        ids.set(name, found.id);
        continue;
      }
      if (shelves.length >= CUSTOM_SHELF_LIMITS.shelves) {
        refused.push({ name, reason: CUSTOM_SHELF_MESSAGES.tooMany });
        continue;
      }
      const ref = firestore.collection(CUSTOM_SHELVES).doc();
      const shelf = { id: ref.id, name: parsed.data, slug, position: nextPosition(shelves), book_count: 0 };
      shelves.push(shelf);
      ids.set(name, ref.id);
      tx.create(ref, { ...storedShelf(uid, shelf), created_at: now, updated_at: now });
    }
    return { ids, refused };
  });
}

/** A shelf's stored fields but its times. */
function storedShelf(uid: string, shelf: CustomShelfSummary) {
  return {
    user_id: uid,
    name: shelf.name,
    slug: shelf.slug,
    position: shelf.position,
    book_count: shelf.book_count,
  };
}

/** Why a placement was not made. */
export type PlacementRefusal = 'book-not-found' | 'shelf-not-found' | 'shelf-full';

/** What placeOnCustomShelves did. */
export interface PlacedBooks {
  /** Placements written. */
  placed: number;
  /** Placements that already existed (nothing written). */
  already: number;
  /** Placements not made, and why. */
  refused: { bookId: string; shelfId: string; reason: PlacementRefusal }[];
  /** The book count of each shelf named, after the writes. */
  counts: Map<string, number>;
}

/**
 * Puts each book on each of its shelves (`uid`'s shelves only; a book the public
 * can see only), CUSTOM_SHELF_LIMITS.placementsPerWrite placements per
 * transaction, each transaction reading the shelves, the books and the
 * placements it writes, and moving the shelves' book counts with them. A book
 * already on a shelf is left as it is, so running it again changes nothing.
 */
export async function placeOnCustomShelves(
  firestore: Firestore,
  uid: string,
  placements: readonly { bookId: string; shelfIds: readonly string[] }[],
): Promise<PlacedBooks> {
  const pairs = placements.flatMap(({ bookId, shelfIds }) =>
    [...new Set(shelfIds)].map((shelfId) => ({ bookId, shelfId })),
  );
  const result: PlacedBooks = { placed: 0, already: 0, refused: [], counts: new Map() };
  for (const part of chunk(pairs, CUSTOM_SHELF_LIMITS.placementsPerWrite)) {
    const done = await runTransactionWithRetry(firestore, async (tx) => {
      const shelfIds = [...new Set(part.map((pair) => pair.shelfId))];
      const bookIds = [...new Set(part.map((pair) => pair.bookId))].filter(isBookIdShape);
      const shelves = new Map((await shelvesOf(firestore, tx, uid)).map((shelf) => [shelf.id, shelf]));
      const books = bookIds.length
        ? await tx.getAll(...bookIds.map((id) => firestore.collection('books').doc(id)))
        : [];
      const titles = new Map(
        books
          .filter((book) => book.exists && isReadableBook(book.data()))
          .map((book) => [book.id, String(book.get('title') ?? '')]),
      );
      // Only ids that can name a document are looked up (a malformed book id is refused below).
      const owned = part.filter((pair) => shelves.has(pair.shelfId) && titles.has(pair.bookId));
      const existing = owned.length
        ? await tx.getAll(
            ...owned.map((pair) =>
              firestore.collection(CUSTOM_SHELF_BOOKS).doc(customShelfBookId(pair.shelfId, pair.bookId)),
            ),
          )
        : [];
      const present = new Set(existing.filter((doc) => doc.exists).map((doc) => doc.id));
      const now = Timestamp.now();
      const counts = new Map<string, number>();
      const outcome = { placed: 0, already: 0, refused: [] as PlacedBooks['refused'] };
      for (const pair of part) {
        const shelf = shelves.get(pair.shelfId);
        const title = titles.get(pair.bookId);
        if (!shelf) outcome.refused.push({ ...pair, reason: 'shelf-not-found' });
        else if (title === undefined) outcome.refused.push({ ...pair, reason: 'book-not-found' });
        else if (present.has(customShelfBookId(pair.shelfId, pair.bookId))) outcome.already += 1;
        else {
          const count = counts.get(shelf.id) ?? shelf.book_count;
          if (count >= CUSTOM_SHELF_LIMITS.booksPerShelf) {
            outcome.refused.push({ ...pair, reason: 'shelf-full' });
            continue;
          }
          counts.set(shelf.id, count + 1);
          outcome.placed += 1;
          tx.create(firestore.collection(CUSTOM_SHELF_BOOKS).doc(customShelfBookId(shelf.id, pair.bookId)), {
            shelf_id: shelf.id,
            user_id: uid,
            book_id: pair.bookId,
            book_title: title,
            book_public: true,
            added_at: now,
          });
        }
      }
      for (const [id, count] of counts)
        tx.update(firestore.collection(CUSTOM_SHELVES).doc(id), { book_count: count, updated_at: now });
      for (const id of shelfIds) {
        const shelf = shelves.get(id);
        if (shelf && !counts.has(id)) counts.set(id, shelf.book_count);
      }
      return { ...outcome, counts };
    });
    result.placed += done.placed;
    result.already += done.already;
    result.refused.push(...done.refused);
    for (const [id, count] of done.counts) result.counts.set(id, count);
  }
  return result;
}

/** Takes `bookId` off `uid`'s shelf `shelfId` (nothing when it is not on it); returns the shelf's book count, or null when it is not theirs. */
async function takeOff(firestore: Firestore, uid: string, shelfId: string, bookId: string) {
  return runTransactionWithRetry(firestore, async (tx) => {
    const shelfRef = firestore.collection(CUSTOM_SHELVES).doc(shelfId);
    const placementRef = firestore.collection(CUSTOM_SHELF_BOOKS).doc(customShelfBookId(shelfId, bookId));
    const [shelf, placement] = await tx.getAll(shelfRef, placementRef);
    if (!shelf!.exists || shelf!.get('user_id') !== uid) return null;
    const count = Number(shelf!.get('book_count') ?? 0);
    if (!placement!.exists) return count;
    tx.delete(placementRef);
    tx.update(shelfRef, { book_count: Math.max(0, count - 1), updated_at: Timestamp.now() });
    return Math.max(0, count - 1);
  });
}

/** Counts the caller's shelf edits with their other shelf changes (SHELF_LIMITS_PER_MEMBER). */
async function countAttempt(firestore: Firestore, uid: string): Promise<void> {
  await consumeAttempt(
    firestore,
    [{ kind: 'shelf-member', value: uid, limits: SHELF_LIMITS_PER_MEMBER }],
    SHELF_MESSAGES.throttled,
  );
}

/**
 * Creates, renames, moves or deletes one of the caller's shelves. Request:
 * editCustomShelfRequestSchema (the name through customShelfNameSchema, the
 * form's own); returns the caller's shelves after the change, in order. The
 * server derives the slug, the position and the count. Errors: unauthenticated;
 * permission-denied (not a member in good standing, or the 'custom_shelves'
 * switch off for them; deleting is always allowed); invalid-argument; not-found (no such
 * shelf of theirs); already-exists (a shelf with that slug);
 * failed-precondition (the shelf limit); resource-exhausted (counted with
 * setShelf's changes).
 */
export const editCustomShelf = guardedCall(
  'member',
  async (request, caller): Promise<EditCustomShelfResponse> => {
    const parsed = editCustomShelfRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const input = parsed.data;
    if (input.action !== 'delete') await requireFeature('custom_shelves', caller.uid);
    const firestore = db();
    await countAttempt(firestore, caller.uid);
    const uid = caller.uid;
    const shelves = await runTransactionWithRetry(firestore, async (tx) => {
      const current = await shelvesOf(firestore, tx, uid);
      const now = Timestamp.now();
      if (input.action === 'create') {
        if (current.length >= CUSTOM_SHELF_LIMITS.shelves)
          throw new HttpsError('failed-precondition', CUSTOM_SHELF_MESSAGES.tooMany);
        const problem = nameProblem(input.name, current);
        if (problem) throw new HttpsError('already-exists', problem);
        const ref = firestore.collection(CUSTOM_SHELVES).doc();
        const shelf = {
          id: ref.id,
          name: input.name,
          slug: customShelfSlug(input.name),
          position: nextPosition(current),
          book_count: 0,
        };
        tx.create(ref, { ...storedShelf(uid, shelf), created_at: now, updated_at: now });
        return [...current, shelf];
      }
      const shelf = current.find((candidate) => candidate.id === input.shelfId);
      if (!shelf) throw new HttpsError('not-found', CUSTOM_SHELF_MESSAGES.notFound);
      const ref = firestore.collection(CUSTOM_SHELVES).doc(shelf.id);
      if (input.action === 'rename') {
        const problem = nameProblem(input.name, current, shelf.id);
        if (problem) throw new HttpsError('already-exists', problem);
        const renamed = { ...shelf, name: input.name, slug: customShelfSlug(input.name) };
        tx.update(ref, { name: renamed.name, slug: renamed.slug, updated_at: now });
        return current.map((candidate) => (candidate.id === shelf.id ? renamed : candidate));
      }
      if (input.action === 'delete') {
        tx.delete(ref);
        return current.filter((candidate) => candidate.id !== shelf.id);
      }
      const moves = new Map(
        movedPositions(current, shelf.id, input.direction).map((move) => [move.id, move.position]),
      );
      for (const [id, position] of moves)
        tx.update(firestore.collection(CUSTOM_SHELVES).doc(id), { position, updated_at: now });
      return orderShelves(
        current.map((candidate) => ({
          ...candidate,
          position: moves.get(candidate.id) ?? candidate.position,
        })),
      );
    });
    // A deleted shelf's books go after it (a crash between leaves placements of a
    // shelf no page shows; the account's or the book's deletion removes them).
    if (input.action === 'delete')
      await deleteInPages(
        firestore,
        firestore.collection(CUSTOM_SHELF_BOOKS).where('shelf_id', '==', input.shelfId),
      );
    await purgeCacheTags([profileCacheTag(uid)]);
    logger.info('editCustomShelf', { action: input.action, by: uid, shelves: shelves.length });
    return { shelves };
  },
  { signIn: SHELF_MESSAGES.signIn, denied: SHELF_MESSAGES.notAllowed },
);

/**
 * Puts a book on one of the caller's shelves, or takes it off. Request:
 * placeOnCustomShelfRequestSchema; returns the shelf's book count after.
 * Errors: as editCustomShelf's; not-found (no such public book when putting it
 * on, or no such shelf of theirs); failed-precondition (the shelf is full).
 */
export const placeOnCustomShelf = guardedCall(
  'member',
  async (request, caller): Promise<PlaceOnCustomShelfResponse> => {
    const parsed = placeOnCustomShelfRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const { bookId, shelfId, on } = parsed.data;
    if (on) await requireFeature('custom_shelves', caller.uid);
    if (!isBookIdShape(bookId)) throw new HttpsError('not-found', SHELF_MESSAGES.notFound);
    const firestore = db();
    await countAttempt(firestore, caller.uid);
    let count: number;
    if (on) {
      const placed = await placeOnCustomShelves(firestore, caller.uid, [{ bookId, shelfIds: [shelfId] }]);
      const refusal = placed.refused[0]?.reason;
      if (refusal === 'shelf-not-found') throw new HttpsError('not-found', CUSTOM_SHELF_MESSAGES.notFound);
      if (refusal === 'book-not-found') throw new HttpsError('not-found', SHELF_MESSAGES.notFound);
      if (refusal === 'shelf-full')
        throw new HttpsError('failed-precondition', CUSTOM_SHELF_MESSAGES.shelfFull);
      count = placed.counts.get(shelfId) ?? 0;
    } else {
      const left = await takeOff(firestore, caller.uid, shelfId, bookId);
      if (left === null) throw new HttpsError('not-found', CUSTOM_SHELF_MESSAGES.notFound);
      count = left;
    }
    await purgeCacheTags([profileCacheTag(caller.uid)]);
    logger.info('placeOnCustomShelf', { book: bookId, shelf: shelfId, on, by: caller.uid });
    return { shelfId, on, book_count: count };
  },
  { signIn: SHELF_MESSAGES.signIn, denied: SHELF_MESSAGES.notAllowed },
);

/** Deletes every document `query` finds, a page of 200 at a time. */
async function deleteInPages(firestore: Firestore, query: FirebaseFirestore.Query): Promise<void> {
  for (;;) {
    const page = await query.select().limit(200).get();
    if (page.empty) return;
    const batch = firestore.batch();
    page.docs.forEach((doc) => batch.delete(doc.ref));
    await batch.commit();
  }
}

/** Removes every custom shelf of `uid` and every book on them (account deletion); safe to run again. */
export async function removeMemberCustomShelves(firestore: Firestore, uid: string): Promise<void> {
  await deleteInPages(firestore, firestore.collection(CUSTOM_SHELF_BOOKS).where('user_id', '==', uid));
  await deleteInPages(firestore, firestore.collection(CUSTOM_SHELVES).where('user_id', '==', uid));
}

/**
 * A deleted book leaves every custom shelf it was on, a page at a time, each
 * page in a transaction that moves its shelves' counts; returns the members
 * whose shelves changed.
 */
export async function removeBookFromCustomShelves(firestore: Firestore, bookId: string): Promise<string[]> {
  const members = new Set<string>();
  const placements = firestore.collection(CUSTOM_SHELF_BOOKS).where('book_id', '==', bookId).limit(200);
  for (;;) {
    const removed = await runTransactionWithRetry(firestore, async (tx) => {
      const page = await tx.get(placements);
      if (page.empty) return 0;
      const shelfIds = [...new Set(page.docs.map((doc) => String(doc.get('shelf_id'))))];
      const shelves = await tx.getAll(...shelfIds.map((id) => firestore.collection(CUSTOM_SHELVES).doc(id)));
      const now = Timestamp.now();
      for (const shelf of shelves) {
        if (!shelf.exists) continue;
        const off = page.docs.filter((doc) => doc.get('shelf_id') === shelf.id).length;
        tx.update(shelf.ref, {
          book_count: Math.max(0, Number(shelf.get('book_count') ?? 0) - off),
          updated_at: now,
        });
      }
      for (const doc of page.docs) {
        tx.delete(doc.ref);
        members.add(String(doc.get('user_id')));
      }
      return page.size;
    });
    if (removed === 0) return [...members];
  }
}
