// "Export my reading": the caller's shelves, ratings, reviews and read-throughs
// as one CSV in Goodreads' export layout (src/domain/imports/goodreads-export.ts), so
// the history imports into Goodreads, StoryGraph or BookWyrm. Only the caller's
// own reading: the queries name the caller's uid, and a book's details come from
// the book itself (title, author, ISBN, pages, publisher, year), falling back to
// the title kept on the shelf entry when the book is gone.
//
// Rows the caller imported whose book is not on Shelfmark yet come out as they
// went in (no book id). Reads: the caller's shelf entries, reviews, read-throughs
// and rows not on Shelfmark yet (one query each), and their books, 100 a call.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { BOOK_SHELVES, SHELVES, type Shelf } from '../../../src/domain/shelves/shelf';
import { BOOK_REVIEWS } from '../../../src/domain/reviews/review';
import { CUSTOM_SHELF_BOOKS, CUSTOM_SHELVES } from '../../../src/domain/shelves/custom-shelf';
import { READ_THROUGHS } from '../../../src/domain/shelves/reading';
import { UNMATCHED_READS } from '../../../src/domain/imports/reading-import';
import {
  READING_EXPORT_LIMITS,
  READING_EXPORT_MESSAGES,
  readingExportFileName,
  readingExportRequestSchema,
  type ReadingExport,
} from '../../../src/domain/imports/reading-export';
import { goodreadsCsv, type ExportRow } from '../../../src/domain/imports/goodreads-export';
import { storygraphCsv } from '../../../src/domain/imports/storygraph-export';
import { importFeelSchema, type ImportFeel } from '../../../src/domain/imports/import-row';
import { consumeAttempt } from '../accounts/throttle';
import { chunk, db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { requireFeature } from '../billing/early-access';

/** A stored time as YYYY-MM-DD, or null. */
function dayOf(value: unknown): string | null {
  return value instanceof Timestamp ? value.toDate().toISOString().slice(0, 10) : null;
}

/** What one book of the member's reading gathers before it becomes a row. */
interface Gathered {
  shelf: Shelf | null;
  title: string;
  addedOn: string | null;
  rating: number | null;
  review: string;
  feel?: ImportFeel;
  owned?: boolean;
  finished: string[];
}

/** The member's reading as export rows, by book, oldest added first (see the file comment). */
export async function readingRows(firestore: Firestore, uid: string): Promise<ExportRow[]> {
  const [shelves, reviews, readings, ownShelves, placed] = await Promise.all([
    firestore.collection(BOOK_SHELVES).where('user_id', '==', uid).get(),
    firestore.collection(BOOK_REVIEWS).where('user_id', '==', uid).get(),
    firestore.collection(READ_THROUGHS).where('user_id', '==', uid).get(),
    firestore.collection(CUSTOM_SHELVES).where('user_id', '==', uid).get(),
    firestore.collection(CUSTOM_SHELF_BOOKS).where('user_id', '==', uid).get(),
  ]);
  // The member's own shelves each book is on, by name, in the member's order.
  const shelfNames = new Map(
    [...ownShelves.docs]
      .sort((a, b) => Number(a.get('position') ?? 0) - Number(b.get('position') ?? 0))
      .map((doc, i) => [doc.id, { name: String(doc.get('name') ?? ''), order: i }]),
  );
  const onOwnShelves = new Map<string, { name: string; order: number }[]>();
  for (const doc of placed.docs) {
    const shelf = shelfNames.get(String(doc.get('shelf_id')));
    const bookId = doc.get('book_id');
    if (!shelf || typeof bookId !== 'string') continue;
    onOwnShelves.set(bookId, [...(onOwnShelves.get(bookId) ?? []), shelf]);
  }
  const books = new Map<string, Gathered>();
  const entry = (bookId: string) => {
    const found = books.get(bookId);
    if (found) return found;
    const fresh: Gathered = { shelf: null, title: '', addedOn: null, rating: null, review: '', finished: [] };
    books.set(bookId, fresh);
    return fresh;
  };
  for (const doc of shelves.docs) {
    const bookId = doc.get('book_id');
    if (typeof bookId !== 'string') continue;
    const shelf = doc.get('shelf');
    const item = entry(bookId);
    item.shelf = (SHELVES as readonly unknown[]).includes(shelf) ? (shelf as Shelf) : null;
    item.title = String(doc.get('book_title') ?? '');
    item.addedOn = dayOf(doc.get('created_at')) ?? dayOf(doc.get('updated_at'));
    item.owned = doc.get('owned') === true;
  }
  for (const doc of reviews.docs) {
    const bookId = doc.get('book_id');
    const rating = doc.get('rating');
    if (typeof bookId !== 'string' || typeof rating !== 'number') continue;
    const item = entry(bookId);
    item.rating = rating;
    item.review = String(doc.get('text') ?? '');
    const feel = importFeelSchema.safeParse({
      moods: doc.get('moods') ?? [],
      pace: doc.get('pace') ?? null,
      warnings: doc.get('warnings') ?? [],
      warning_note: doc.get('warning_note') ?? '',
    });
    if (feel.success) item.feel = feel.data;
    // A rated book on no shelf was read.
    item.shelf ??= 'read';
  }
  // A book only on shelves of the member's own is in the file too.
  for (const bookId of onOwnShelves.keys()) entry(bookId);
  for (const doc of readings.docs) {
    const bookId = doc.get('book_id');
    if (typeof bookId !== 'string') continue;
    const item = entry(bookId);
    const finished = dayOf(doc.get('finished_at'));
    if (finished) item.finished.push(finished);
    if (!item.title) item.title = String(doc.get('book_title') ?? '');
  }
  const ids = [...books.keys()];
  const stored = new Map<string, DocumentData>();
  for (const part of chunk(ids, 100))
    for (const snap of await firestore.getAll(...part.map((id) => firestore.collection('books').doc(id))))
      if (snap.exists) stored.set(snap.id, snap.data() ?? {});
  const rows = ids.map((bookId): ExportRow => {
    const item = books.get(bookId)!;
    const book = stored.get(bookId);
    const date = typeof book?.publication_date === 'string' ? book.publication_date : null;
    const finished = [...item.finished].sort();
    return {
      bookId,
      title: String(book?.title ?? item.title) || '(untitled)',
      author: String(book?.author?.display_name ?? ''),
      isbn13: typeof book?.isbn === 'string' ? book.isbn : null,
      shelf: item.shelf,
      customShelves: (onOwnShelves.get(bookId) ?? [])
        .sort((a, b) => a.order - b.order)
        .map((shelf) => shelf.name),
      rating: item.rating,
      review: item.review,
      finishedOn: finished.at(-1) ?? null,
      addedOn: item.addedOn,
      pages: typeof book?.pages === 'number' ? book.pages : null,
      publisher: typeof book?.publisher === 'string' ? book.publisher : null,
      year: date ? Number(date.slice(0, 4)) : null,
      readCount: finished.length,
      ...(item.feel ? { feel: item.feel } : {}),
      owned: item.owned === true,
    };
  });
  // The rows of imported histories whose book is not on Shelfmark yet, as they were imported.
  const unmatched = await firestore.collection(UNMATCHED_READS).where('user_id', '==', uid).get();
  for (const doc of unmatched.docs) {
    const read = doc.data();
    rows.push({
      bookId: '',
      title: String(read.title ?? '') || '(untitled)',
      author: String(read.author ?? ''),
      isbn13: typeof read.isbn13 === 'string' ? read.isbn13 : null,
      shelf: (SHELVES as readonly unknown[]).includes(read.shelf) ? (read.shelf as Shelf) : null,
      customShelves: Array.isArray(read.custom_shelves) ? read.custom_shelves.map(String) : [],
      rating: typeof read.rating === 'number' ? read.rating : null,
      review: String(read.review ?? ''),
      finishedOn: typeof read.finished_on === 'string' ? read.finished_on : null,
      addedOn: typeof read.added_on === 'string' ? read.added_on : null,
      pages: null,
      publisher: null,
      year: null,
      readCount: typeof read.finished_on === 'string' ? 1 : 0,
      owned: read.owned === true,
      ...(importFeelSchema.safeParse(read.feel).success ? { feel: importFeelSchema.parse(read.feel) } : {}),
    });
  }
  return rows.sort(
    (a, b) => (a.addedOn ?? '').localeCompare(b.addedOn ?? '') || a.title.localeCompare(b.title),
  );
}

/**
 * Callable, signed in: the caller's reading as a CSV in Goodreads' layout, or in The
 * StoryGraph's (request { layout: 'storygraph' }: with the reviews' moods, pace and
 * warnings). Errors: invalid-argument (an unknown layout);
 * unauthenticated; permission-denied (the 'reading_export' switch off for them:
 * the account's data download still holds everything); resource-exhausted
 * (READING_EXPORT_LIMITS); failed-precondition
 * when there is nothing to export.
 */
export const exportReading = guardedCall(
  'session',
  async (request, caller): Promise<ReadingExport> => {
    await requireFeature('reading_export', caller.uid);
    const parsed = readingExportRequestSchema.safeParse(request.data);
    if (!parsed.success)
      throw new HttpsError('invalid-argument', 'Choose Goodreads’ or The StoryGraph’s layout.');
    const { layout } = parsed.data;
    const firestore = db();
    await consumeAttempt(
      firestore,
      [{ kind: 'reading-export', value: caller.uid, limits: READING_EXPORT_LIMITS }],
      READING_EXPORT_MESSAGES.throttled,
    );
    const rows = await readingRows(firestore, caller.uid);
    if (rows.length === 0) throw new HttpsError('failed-precondition', READING_EXPORT_MESSAGES.empty);
    logger.info('exportReading', { by: caller.uid, rows: rows.length, layout });
    return {
      csv: layout === 'storygraph' ? storygraphCsv(rows) : goodreadsCsv(rows),
      file_name: readingExportFileName(new Date(), layout),
      rows: rows.length,
    };
  },
  { signIn: 'Please sign in to export your reading.' },
);
