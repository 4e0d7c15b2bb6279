/**
 * The signed-in member's own shelves (src/domain/shelves/custom-shelf.ts):
 * their shelves and which of them hold a book, read with queries naming their
 * uid (the rules let only the member and admins read them), and every change
 * through the editCustomShelf and placeOnCustomShelf callables (the only writers).
 */
import { collection, getDocs, query, where } from 'firebase/firestore/lite';
import {
  CUSTOM_SHELF_BOOKS,
  CUSTOM_SHELVES,
  orderShelves,
  type CustomShelfSummary,
  type EditCustomShelfRequest,
  type EditCustomShelfResponse,
  type PlaceOnCustomShelfResponse,
} from '../../../domain/shelves/custom-shelf.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { memberDb } from '../shared/firestore.ts';

/** The member's own shelves, in their order. */
export async function getOwnCustomShelves(uid: string): Promise<CustomShelfSummary[]> {
  const firestore = await memberDb();
  const snapshot = await getDocs(query(collection(firestore, CUSTOM_SHELVES), where('user_id', '==', uid)));
  return orderShelves(
    snapshot.docs.map((doc) => ({
      id: doc.id,
      name: String(doc.get('name') ?? ''),
      slug: String(doc.get('slug') ?? ''),
      position: Number(doc.get('position') ?? 0),
      book_count: Number(doc.get('book_count') ?? 0),
    })),
  );
}

/** The ids of the member's shelves that hold `bookId`. */
export async function getOwnShelvesOfBook(uid: string, bookId: string): Promise<Set<string>> {
  const firestore = await memberDb();
  const snapshot = await getDocs(
    query(
      collection(firestore, CUSTOM_SHELF_BOOKS),
      where('user_id', '==', uid),
      where('book_id', '==', bookId),
    ),
  );
  return new Set(snapshot.docs.map((doc) => String(doc.get('shelf_id'))));
}

/** Creates, renames, moves or deletes one of the member's shelves; never throws. */
export function editCustomShelf(
  request: EditCustomShelfRequest,
): Promise<CallOutcome<EditCustomShelfResponse>> {
  return callFunction('editCustomShelf', request);
}

/** Puts `bookId` on shelf `shelfId` (on) or takes it off; never throws. */
export function placeOnCustomShelf(
  bookId: string,
  shelfId: string,
  on: boolean,
): Promise<CallOutcome<PlaceOnCustomShelfResponse>> {
  return callFunction('placeOnCustomShelf', { bookId, shelfId, on });
}
