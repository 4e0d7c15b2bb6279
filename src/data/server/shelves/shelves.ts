// A member's shelves for their profile page (src/domain/shelves/shelf.ts): nothing when
// they made them private (shelf_settings/{uid}, one read), else their newest
// shelved books of public books, one indexed query (user_id, book_public,
// updated_at desc) capped at PROFILE_SHELF_LIMIT (one more read tells whether
// there are more). An entry of a book that is not public (book_public, kept by
// the books trigger) is left off. The profile page exists only for a public
// member, so that rule needs no check here. The member's reading years
// (reading.ts: goals and books finished) follow the same privacy switch and are
// read beside the shelves, one query capped at PROFILE_YEARS_LIMIT; so are the
// member's own shelves (custom-shelves.ts), one query of at most 20 and a count()
// of each one's public books.
import type { Firestore } from 'firebase-admin/firestore';
import {
  BOOK_SHELVES,
  PROFILE_SHELF_LIMIT,
  SHELF_SETTINGS,
  shelfEntrySchema,
  type ShelfEntry,
} from '../../../domain/shelves/shelf.ts';
import {
  PROFILE_YEARS_LIMIT,
  READING_YEARS,
  readingYearSchema,
  shownYears,
  type ReadingYear,
} from '../../../domain/shelves/reading.ts';
import type { VisibleCustomShelf } from '../../../domain/shelves/custom-shelf.ts';
import { parseDocs } from '../../firestore-convert.ts';
import { getCustomShelves } from './custom-shelves.ts';
import { getDb } from '../shared/firestore.ts';
import { meterQuery, meterReads } from '../shared/read-meter.ts';

/** What the profile shows of a member's shelves and reading years (newest first): null when private. */
export type MemberShelves = {
  entries: ShelfEntry[];
  more: boolean;
  years: ReadingYear[];
  /** The member's own shelves, in their order, each with the count of its books a visitor sees. */
  custom: VisibleCustomShelf[];
} | null;

/** The member's newest shelved books (`more`: there are others) and reading years, or null when their shelves are private. */
export async function getMemberShelves(
  uid: string,
  db: Firestore = getDb(),
  limit = PROFILE_SHELF_LIMIT,
): Promise<MemberShelves> {
  const settings = await db.collection(SHELF_SETTINGS).doc(uid).get();
  meterReads(1);
  if (settings.get('private') === true) return null;
  const [snap, years, custom] = await Promise.all([
    db
      .collection(BOOK_SHELVES)
      .where('user_id', '==', uid)
      .where('book_public', '==', true)
      .orderBy('updated_at', 'desc')
      .limit(limit + 1)
      .get(),
    db
      .collection(READING_YEARS)
      .where('user_id', '==', uid)
      .orderBy('year', 'desc')
      .limit(PROFILE_YEARS_LIMIT)
      .get(),
    getCustomShelves(uid, db),
  ]);
  meterQuery(snap);
  meterQuery(years);
  return {
    entries: parseDocs(shelfEntrySchema, snap.docs.slice(0, limit)),
    more: snap.size > limit,
    years: shownYears(parseDocs(readingYearSchema, years.docs)),
    custom,
  };
}
