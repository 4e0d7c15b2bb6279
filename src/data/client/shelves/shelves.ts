/**
 * The signed-in member's shelves: which shelf a book is on (read with a query
 * naming their uid: the rules check the owner of each entry read, and a get of
 * an entry that does not exist has no owner to check), setting it through the
 * setShelf callable (the only writer), and the profile editor's privacy switch
 * (shelf_settings/{uid}, which the member writes directly; firestore.rules
 * checks its fields).
 */
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  where,
} from 'firebase/firestore/lite';
import { BOOK_SHELVES, SHELF_SETTINGS, SHELVES, type Shelf } from '../../../domain/shelves/shelf.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { db, memberDb } from '../shared/firestore.ts';
import { writeWithSession } from '../shared/session-guard.ts';

/** The shelf `uid` put `bookId` on (or null) and whether they own a copy. */
export async function getOwnShelfEntry(
  bookId: string,
  uid: string,
): Promise<{ shelf: Shelf | null; owned: boolean }> {
  const firestore = await memberDb();
  const snapshot = await getDocs(
    query(
      collection(firestore, BOOK_SHELVES),
      where('user_id', '==', uid),
      where('book_id', '==', bookId),
      limit(1),
    ),
  );
  const shelf: unknown = snapshot.docs[0]?.get('shelf');
  const known = (SHELVES as readonly unknown[]).includes(shelf) ? (shelf as Shelf) : null;
  return { shelf: known, owned: known !== null && snapshot.docs[0]?.get('owned') === true };
}

/** The shelf `uid` put `bookId` on, or null. */
export async function getOwnShelf(bookId: string, uid: string): Promise<Shelf | null> {
  return (await getOwnShelfEntry(bookId, uid)).shelf;
}

/** Puts `bookId` on `shelf` (null: off every shelf), owned or not when `owned` is given; never throws. */
export function setShelf(
  bookId: string,
  shelf: Shelf | null,
  owned?: boolean,
): Promise<CallOutcome<{ shelf: Shelf | null; owned: boolean }>> {
  return callFunction('setShelf', owned === undefined ? { bookId, shelf } : { bookId, shelf, owned });
}

/** True when the member made their shelves private. */
export async function shelvesArePrivate(uid: string): Promise<boolean> {
  const snapshot = await getDoc(doc(db(), SHELF_SETTINGS, uid));
  return snapshot.exists() && snapshot.get('private') === true;
}

/** Makes the member's shelves private or shown on their profile. */
export async function setShelvesPrivate(uid: string, hidden: boolean): Promise<void> {
  await writeWithSession(() =>
    setDoc(doc(db(), SHELF_SETTINGS, uid), { private: hidden, updated_at: serverTimestamp() }),
  );
}
