/**
 * The signed-in member's reading journal (src/domain/shelves/reading.ts): their
 * read-throughs of a book, the books on their 'Reading' shelf, their year, and
 * the community's count of the year, read with queries naming their uid (the
 * rules check the owner of each document read); written only through the
 * updateReading and setReadingGoal callables.
 */
import { collection, getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import {
  BOOK_READ_THROUGHS_LIMIT,
  READING_STATS,
  READING_YEARS,
  READ_THROUGHS,
  readThroughSchema,
  readingYearSchema,
  type ReadThrough,
  type ReadingYear,
  type SetReadingGoalResponse,
  type UpdateReadingRequest,
  type UpdateReadingResponse,
} from '../../../domain/shelves/reading.ts';
import {
  BOOK_SHELVES,
  PROFILE_SHELF_LIMIT,
  shelfEntrySchema,
  type ShelfEntry,
} from '../../../domain/shelves/shelf.ts';
import { parseDocs } from '../../firestore-convert.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { db, memberDb } from '../shared/firestore.ts';

/** `uid`'s read-throughs of `bookId`, newest first. */
export async function getOwnReadThroughs(bookId: string, uid: string): Promise<ReadThrough[]> {
  const firestore = await memberDb();
  const snapshot = await getDocs(
    query(
      collection(firestore, READ_THROUGHS),
      where('user_id', '==', uid),
      where('book_id', '==', bookId),
      orderBy('updated_at', 'desc'),
      limit(BOOK_READ_THROUGHS_LIMIT),
    ),
  );
  return parseDocs(readThroughSchema, snapshot.docs);
}

/** The books on `uid`'s 'Reading' shelf, with their progress. */
export async function getOwnCurrentlyReading(uid: string): Promise<ShelfEntry[]> {
  const firestore = await memberDb();
  const snapshot = await getDocs(
    query(
      collection(firestore, BOOK_SHELVES),
      where('user_id', '==', uid),
      where('shelf', '==', 'reading'),
      limit(PROFILE_SHELF_LIMIT),
    ),
  );
  return parseDocs(shelfEntrySchema, snapshot.docs);
}

/** `uid`'s year, or null when they have neither a goal nor a finished book in it. */
export async function getOwnYear(uid: string, year: number): Promise<ReadingYear | null> {
  const firestore = await memberDb();
  const snapshot = await getDocs(
    query(
      collection(firestore, READING_YEARS),
      where('user_id', '==', uid),
      where('year', '==', year),
      limit(1),
    ),
  );
  return parseDocs(readingYearSchema, snapshot.docs)[0] ?? null;
}

/** How many books the community finished in `year`: the sum of the year's shards. */
export async function getCommunityFinished(year: number): Promise<number> {
  const snapshot = await getDocs(query(collection(db(), READING_STATS), where('year', '==', year)));
  return snapshot.docs.reduce((sum, doc) => {
    const n: unknown = doc.get('finished');
    return sum + (typeof n === 'number' ? n : 0);
  }, 0);
}

/** Progress, Finished or new dates; never throws. */
export function updateReading(request: UpdateReadingRequest): Promise<CallOutcome<UpdateReadingResponse>> {
  return callFunction('updateReading', request);
}

/** Sets this year's goal (null removes it); never throws. */
export function setReadingGoal(goal: number | null): Promise<CallOutcome<SetReadingGoalResponse>> {
  return callFunction('setReadingGoal', { goal });
}
