// Rows kept as "Not on Shelfmark yet" are applied when their book becomes public
// (the books handler unmatchedReadsOnPublish): shelf and read dates only, their
// ratings and reviews waiting for the member.
import * as logger from 'firebase-functions/logger';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { importRowSchema, type ImportRow } from '../../../src/domain/imports/import-row';
import {
  UNMATCHED_READS,
  unmatchedReadSchema,
  type UnmatchedRead,
} from '../../../src/domain/imports/reading-import';
import { tryParseDoc } from '../../../src/data/firestore-convert';
import { recordFailure } from '../shared/failures';
import { claimedBookIds } from '../books/isbn-claims';
import { db } from '../shared/firestore';
import type { DocChange, Handler } from '../shared/collection-trigger';
import { applyRow } from './apply-row';
import { placeOnOwnShelves } from './own-shelves';
import { isReadableBook } from '../../../src/domain/accounts/visibility';

/**
 * Books handler: when a book becomes public, the rows members kept as "Not on
 * Shelfmark yet" that name it (by ISBN-13, else by title and author) are applied
 * to their reading (shelf and read dates) and leave the list; their ratings and
 * reviews wait for each member's word (import_pending_reviews), since nothing is
 * published in a member's name weeks after they imported without them. Each row is
 * contained: one that cannot be applied (dates that are no days, anything else) is
 * recorded for the admins and left where it is, and the others go on. Retried
 * alone when the rows cannot be read at all; applying a row twice changes nothing more.
 */
/** The ISBNs a stored book carries: its own, and a catalogue book's every edition's. */
function bookIsbns(data: Record<string, unknown>): string[] {
  const editions = Array.isArray(data.editions) ? (data.editions as { isbn?: unknown }[]) : [];
  const all = [data.isbn, ...editions.map((edition) => edition?.isbn)];
  return [...new Set(all.filter((isbn): isbn is string => typeof isbn === 'string' && isbn !== ''))];
}

export const unmatchedReadsOnPublish: Handler = {
  name: 'unmatched reads',
  retry: true,
  async run({ id, before, after }: DocChange) {
    if (!isReadableBook(after) || isReadableBook(before)) return;
    const fs = db();
    const waiting = new Map<string, DocumentSnapshot>();
    // By ISBN only for the book holding the ISBN's claim (or when none holds it: books stored
    // before the claims); a catalogue book by each of its editions' ISBNs.
    const isbns = bookIsbns(after);
    const holders = isbns.length > 0 ? await claimedBookIds(fs, isbns) : new Map<string, string>();
    for (const isbn of isbns) {
      if ((holders.get(isbn) ?? id) !== id) continue;
      for (const doc of (await fs.collection(UNMATCHED_READS).where('isbn13', '==', isbn).limit(500).get())
        .docs)
        waiting.set(doc.id, doc);
    }
    if (typeof after.match_key === 'string' && after.match_key !== '')
      for (const doc of (
        await fs.collection(UNMATCHED_READS).where('match_key', '==', after.match_key).limit(500).get()
      ).docs)
        waiting.set(doc.id, doc);
    if (waiting.size === 0) return;
    const book = await fs.collection('books').doc(id).get();
    let applied = 0;
    for (const doc of waiting.values()) {
      // A kept row that no longer reads as one is left where it is (and logged).
      const kept = tryParseDoc(unmatchedReadSchema, doc);
      if (!kept) continue;
      try {
        await applyKeptRow(fs, book, kept);
        await doc.ref.delete();
        applied += 1;
      } catch (error) {
        await recordFailure('import-row', error, { book: id, row: doc.id });
      }
    }
    logger.info('unmatched reads: applied to a new book', { book: id, rows: waiting.size, applied });
  },
};

/** Applies one kept row to `book` (its dates checked again first; a bad one throws with its reason). */
async function applyKeptRow(fs: Firestore, book: DocumentSnapshot, kept: UnmatchedRead): Promise<void> {
  const row: ImportRow = {
    row: 2,
    title: kept.title,
    author: kept.author,
    isbn13: kept.isbn13,
    shelf: kept.shelf,
    custom_shelves: kept.custom_shelves,
    rating: kept.rating,
    review: kept.review,
    started_on: kept.started_on,
    finished_on: kept.finished_on,
    added_on: kept.added_on,
    owned: kept.owned,
    feel: kept.feel,
  };
  const checked = importRowSchema.safeParse(row);
  if (!checked.success)
    throw new Error(`kept row of ${kept.user_id}: ${checked.error.issues[0]?.message ?? 'unreadable'}`);
  await applyRow(fs, kept.user_id, book, checked.data, { mode: 'wait', mayReview: false });
  if (kept.custom_shelves.length > 0)
    await placeOnOwnShelves(fs, kept.user_id, [{ bookId: book.id, names: kept.custom_shelves }]);
}
