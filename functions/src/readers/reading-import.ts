// Bringing a reader's history in (src/domain/readers/reading-import.ts holds the
// rules): startReadingImport opens an import, addReadingImportRows takes its rows
// chunk by chunk, and the processReadingImport queue matches and applies one chunk
// at a time in the background, chaining to the next, until the import is done.
//
// Matching reads only the books the rows name: per chunk of 200 rows, the books
// whose ISBN-13 is one of the rows' (in-queries of 30), then those whose
// title-and-author key (books.match_key) is one of the rest's. Nothing reads the
// catalogue. Applying a row is one transaction on the member's documents of that
// book (shelf entry, read-through, review) and fills gaps only, with ids made from
// the row, so a chunk processed twice, or the same file imported twice, changes
// nothing more. A chunk's counts are added in the transaction that marks it done.
// An imported review passes the burst guard of a review by hand (review-burst.ts).
import { createHash } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import * as logger from 'firebase-functions/logger';
import { getFunctions } from 'firebase-admin/functions';
import {
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { z } from 'zod';
import { describeIssue } from '../../../src/domain/members/profile-save';
import { titleAuthorKey, type ImportRow } from '../../../src/domain/readers/reading-csv';
import {
  IMPORT_STALE_MS,
  READING_IMPORTS,
  READING_IMPORT_TEXT,
  UNMATCHED_READS,
  addReadingImportRowsRequestSchema,
  chunkCount,
  chunkId,
  startReadingImportRequestSchema,
  unmatchedReadId,
  unmatchedReadSchema,
  type AddReadingImportRowsResponse,
  type ImportReason,
  type StartReadingImportResponse,
} from '../../../src/domain/readers/reading-import';
import { READ_THROUGHS, dayToDate, finishDeltas } from '../../../src/domain/readers/reading';
import { BOOK_REVIEWS, REVIEW_DECISIONS, countedRating, reviewId } from '../../../src/domain/readers/review';
import { BOOK_SHELVES, shelfId } from '../../../src/domain/readers/shelf';
import {
  BOOK_REVIEW_ACTIVITY,
  decideReviewSave,
  readActivity,
} from '../../../src/domain/readers/review-burst';
import { idSchema } from '../../../src/domain/shared/common';
import { tryParseDoc } from '../../../src/data/firestore-convert';
import { profileCacheTag } from '../../../src/data/server/shared/cache-tags';
import { consumeAttempt } from '../accounts/throttle';
import { requireFeature } from '../billing/early-access';
import { chunk as inParts, db, MAX_IN_VALUES, runTransactionWithRetry } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { purgeCacheTags } from '../site/cache-purge';
import type { DocChange, Handler } from '../triggers/collection-trigger';
import { ensureCustomShelves, placeOnCustomShelves } from './custom-shelves';
import { writeFinishDeltas } from './reading';
import { reviewerFrom, updateTotals } from './save-review';

/** How often one member may start an import. */
const IMPORT_LIMITS = [
  { max: 5, windowMs: 60 * 60_000 },
  { max: 20, windowMs: 24 * 60 * 60_000 },
];

const importRef = (fs: Firestore, id: string) => fs.collection(READING_IMPORTS).doc(id);
const chunkRef = (fs: Firestore, id: string, n: number) =>
  importRef(fs, id).collection('chunks').doc(chunkId(n));

/** A short, safe key of text: the first 24 hex digits of its SHA-256. */
function keyOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

/** What identifies a row's book across imports: its ISBN-13, else its title-and-author key, else its title. */
function rowKey(row: ImportRow): string {
  return keyOf(row.isbn13 ?? titleAuthorKey(row.title, row.author) ?? row.title.toLowerCase());
}

/**
 * Opens an import for the caller. Errors: unauthenticated; permission-denied (not a
 * member in good standing, or shelves switched off for them); invalid-argument;
 * resource-exhausted (IMPORT_LIMITS); failed-precondition (an import of theirs is
 * still running).
 */
export const startReadingImport = guardedCall(
  'member',
  async (request, caller): Promise<StartReadingImportResponse> => {
    await requireFeature('reviews', caller.uid);
    const parsed = startReadingImportRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const fs = db();
    await consumeAttempt(
      fs,
      [{ kind: 'reading-import', value: caller.uid, limits: IMPORT_LIMITS }],
      READING_IMPORT_TEXT.throttled,
    );
    const ref = fs.collection(READING_IMPORTS).doc();
    await fs.runTransaction(async (tx) => {
      const running = await tx.get(
        fs
          .collection(READING_IMPORTS)
          .where('user_id', '==', caller.uid)
          .where('status', 'in', ['receiving', 'matching']),
      );
      const now = Date.now();
      const live = running.docs.some((doc) => {
        const updated = doc.get('updated_at') as Timestamp | undefined;
        const stale =
          doc.get('status') === 'receiving' ? IMPORT_STALE_MS.receiving : IMPORT_STALE_MS.matching;
        return now - (updated?.toMillis() ?? 0) < stale;
      });
      if (live) throw new HttpsError('failed-precondition', READING_IMPORT_TEXT.busy);
      const at = Timestamp.fromMillis(now);
      tx.create(ref, {
        user_id: caller.uid,
        layout: parsed.data.layout,
        file_name: parsed.data.file_name,
        status: 'receiving',
        total: parsed.data.total,
        received: 0,
        processed: 0,
        matched: 0,
        unmatched: 0,
        reasons: {},
        problems: parsed.data.problems,
        problem_count: Math.max(parsed.data.problem_count, parsed.data.problems.length),
        created_at: at,
        updated_at: at,
        finished_at: null,
      });
    });
    logger.info('startReadingImport', { import: ref.id, by: caller.uid, total: parsed.data.total });
    return { import_id: ref.id, rows_per_chunk: 200 };
  },
  { signIn: 'Please sign in to import your reading.' },
);

/** What queues a chunk's processing (the task queue in production; the tests call the processing directly). */
export type EnqueueChunk = (importId: string, chunk: number) => Promise<void>;

const enqueueLive: EnqueueChunk = (importId, chunk) =>
  getFunctions()
    .taskQueue('processReadingImport')
    .enqueue({ import_id: importId, chunk }, { dispatchDeadlineSeconds: 600 });

/**
 * Takes one chunk of the caller's import (a chunk sent again is taken once).
 * When the last row arrives, matching begins. Errors: not-found (no such import of
 * theirs); failed-precondition (no longer receiving); invalid-argument.
 */
export const addReadingImportRows = guardedCall(
  'member',
  async (request, caller): Promise<AddReadingImportRowsResponse> => {
    const parsed = addReadingImportRowsRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const { import_id: importId, chunk, rows } = parsed.data;
    const fs = db();
    const outcome = await runTransactionWithRetry(fs, async (tx) => {
      const [stored, existing] = await Promise.all([
        tx.get(importRef(fs, importId)),
        tx.get(chunkRef(fs, importId, chunk)),
      ]);
      if (!stored.exists || stored.get('user_id') !== caller.uid)
        throw new HttpsError('not-found', READING_IMPORT_TEXT.notFound);
      if (stored.get('status') !== 'receiving')
        throw new HttpsError('failed-precondition', READING_IMPORT_TEXT.notReceiving);
      const total = Number(stored.get('total'));
      if (chunk >= chunkCount(total))
        throw new HttpsError('invalid-argument', 'This chunk is beyond the file’s rows.');
      let received = Number(stored.get('received') ?? 0);
      if (!existing.exists) {
        received = Math.min(total, received + rows.length);
        tx.create(existing.ref, { rows, done: false });
      }
      const status = received >= total ? 'matching' : 'receiving';
      tx.update(stored.ref, { received, status, updated_at: Timestamp.now() });
      return { received, status } as const;
    });
    if (outcome.status === 'matching') await enqueueLive(importId, 0);
    return outcome;
  },
  { signIn: 'Please sign in to import your reading.' },
);

/** The books a chunk's rows name, by ISBN-13 and by title-and-author key: public ones, the first by id. */
async function booksFor(fs: Firestore, rows: readonly ImportRow[]) {
  const byIsbn = new Map<string, DocumentSnapshot>();
  const byKey = new Map<string, DocumentSnapshot>();
  const keep = (map: Map<string, DocumentSnapshot>, key: unknown, snap: DocumentSnapshot) => {
    if (typeof key !== 'string' || snap.get('is_public') !== true) return;
    const held = map.get(key);
    if (!held || snap.id < held.id) map.set(key, snap);
  };
  const isbns = [...new Set(rows.flatMap((row) => (row.isbn13 ? [row.isbn13] : [])))];
  for (const part of inParts(isbns, MAX_IN_VALUES)) {
    const found = await fs.collection('books').where('isbn', 'in', part).get();
    for (const snap of found.docs) keep(byIsbn, snap.get('isbn'), snap);
  }
  const keys = [
    ...new Set(
      rows.flatMap((row) => {
        if (row.isbn13 && byIsbn.has(row.isbn13)) return [];
        const key = titleAuthorKey(row.title, row.author);
        return key ? [key] : [];
      }),
    ),
  ];
  for (const part of inParts(keys, MAX_IN_VALUES)) {
    const found = await fs.collection('books').where('match_key', 'in', part).get();
    for (const snap of found.docs) keep(byKey, snap.get('match_key'), snap);
  }
  return (row: ImportRow): DocumentSnapshot | null =>
    (row.isbn13 ? byIsbn.get(row.isbn13) : undefined) ??
    byKey.get(titleAuthorKey(row.title, row.author) ?? '') ??
    null;
}

/**
 * Applies one matched row to `uid`'s reading of `book` (see the file comment):
 * returns 'own_book' when its rating or review was left out because the book is
 * the member's own, else null.
 */
export async function applyRow(
  fs: Firestore,
  uid: string,
  profile: DocumentSnapshot,
  book: DocumentSnapshot,
  row: ImportRow,
): Promise<ImportReason | null> {
  const bookId = book.id;
  const title = String(book.get('title') ?? row.title);
  const own = book.get('user_id') === uid;
  return runTransactionWithRetry(fs, async (tx: Transaction) => {
    const entryRef = fs.collection(BOOK_SHELVES).doc(shelfId(bookId, uid));
    const finishedRef = row.finished_on
      ? fs.collection(READ_THROUGHS).doc(`import_${keyOf(`${uid}|${bookId}|${row.finished_on}`)}`)
      : null;
    const openRef = fs.collection(READ_THROUGHS).doc(`import_${keyOf(`${uid}|${bookId}|open`)}`);
    const reviewRef = fs.collection(BOOK_REVIEWS).doc(reviewId(bookId, uid));
    const wantsReview = row.rating !== null && !own;
    const activityRef = fs.collection(BOOK_REVIEW_ACTIVITY).doc(bookId);
    const [bookNow, entry, finished, review, standing, activity] = await Promise.all([
      tx.get(book.ref),
      tx.get(entryRef),
      finishedRef ? tx.get(finishedRef) : Promise.resolve(null),
      wantsReview ? tx.get(reviewRef) : Promise.resolve(null),
      wantsReview
        ? tx.get(fs.collection(REVIEW_DECISIONS).doc(reviewId(bookId, uid)))
        : Promise.resolve(null),
      wantsReview ? tx.get(activityRef) : Promise.resolve(null),
    ]);
    const now = Timestamp.now();
    const shelf = row.shelf ?? (row.finished_on || row.rating !== null ? 'read' : null);
    const opensReading = !entry.exists && shelf === 'reading';
    // Reads above, writes below: the open read-through is read only when it may be written.
    const open = opensReading ? await tx.get(openRef) : null;
    if (!entry.exists && shelf !== null) {
      const added = row.added_on ? Timestamp.fromDate(dayToDate(row.added_on)) : now;
      tx.set(entryRef, {
        book_id: bookId,
        book_title: title,
        user_id: uid,
        shelf,
        book_public: bookNow.get('is_public') === true,
        created_at: added,
        updated_at: now,
      });
    }
    if (open && !open.exists)
      tx.set(openRef, {
        user_id: uid,
        book_id: bookId,
        book_title: title,
        started_at: row.started_on ? Timestamp.fromDate(dayToDate(row.started_on)) : null,
        finished_at: null,
        progress_page: null,
        progress_percent: null,
        updated_at: now,
      });
    if (finishedRef && finished && !finished.exists && row.finished_on) {
      const finishedAt = dayToDate(row.finished_on);
      tx.set(finishedRef, {
        user_id: uid,
        book_id: bookId,
        book_title: title,
        started_at: row.started_on ? Timestamp.fromDate(dayToDate(row.started_on)) : null,
        finished_at: Timestamp.fromDate(finishedAt),
        progress_page: null,
        progress_percent: 100,
        updated_at: now,
      });
      writeFinishDeltas(tx, fs, uid, finishDeltas(null, finishedAt), now);
    }
    if (wantsReview && review && !review.exists && bookNow.exists && row.rating !== null) {
      // The burst guard as for a review by hand: it counts per book, so one member's history (one
      // review a book) never trips it, while many new accounts importing stars for one book are held
      // as they would be by hand; a standing decision on the member's review of the book holds it too.
      const created = profile.get('created_at');
      const decision = decideReviewSave(
        null,
        row.rating,
        standing?.exists === true,
        readActivity(activity?.data()),
        now.toMillis(),
        created instanceof Timestamp ? created.toDate() : null,
      );
      const moderation = decision.moderation;
      if (decision.activity) tx.set(activityRef, { ...decision.activity, updated_at: now });
      const fields = {
        book_id: bookId,
        book_title: title,
        user_id: uid,
        reviewer: reviewerFrom(profile.data()),
        rating: row.rating,
        text: row.review,
        reviewer_public: moderation === 'published',
        moderation,
        created_at: now,
        updated_at: now,
      };
      updateTotals(tx, bookNow, null, countedRating(fields));
      tx.create(reviewRef, fields);
    }
    return own && row.rating !== null ? 'own_book' : null;
  });
}

/** A matched book and the names of the member's own shelves its row put it on. */
interface ShelfPlacement {
  bookId: string;
  names: readonly string[];
}

/**
 * Puts matched books on the member's own shelves by name, creating the shelves
 * they lack (the shelves' own limits and refusals hold: a name refused, or past
 * the limit of shelves, leaves the book off that shelf); a second run changes nothing.
 */
async function placeOnOwnShelves(
  fs: Firestore,
  uid: string,
  placements: readonly ShelfPlacement[],
): Promise<void> {
  if (placements.length === 0) return;
  const names = [...new Set(placements.flatMap((p) => p.names))];
  const ensured = await ensureCustomShelves(fs, uid, names);
  const placed = placements.flatMap((p) => {
    const shelfIds = p.names.flatMap((name) => {
      const id = ensured.ids.get(name);
      return id ? [id] : [];
    });
    return shelfIds.length > 0 ? [{ bookId: p.bookId, shelfIds }] : [];
  });
  if (placed.length > 0) await placeOnCustomShelves(fs, uid, placed);
}

/** Keeps a row whose book is not on Shelfmark yet, for the member only (one per book across imports). */
function keepUnmatched(tx: Transaction, fs: Firestore, uid: string, importId: string, row: ImportRow): void {
  const { row: _line, ...kept } = row;
  tx.set(fs.collection(UNMATCHED_READS).doc(unmatchedReadId(uid, rowKey(row))), {
    ...kept,
    user_id: uid,
    match_key: titleAuthorKey(row.title, row.author),
    import_id: importId,
    created_at: Timestamp.now(),
  });
}

/**
 * Matches and applies chunk `n` of import `importId` once (a chunk already done is
 * skipped), adds its counts, and queues the next chunk, or finishes the import
 * after the last. Returns what the chunk did.
 */
export async function processImportChunk(
  fs: Firestore,
  importId: string,
  n: number,
  enqueue: EnqueueChunk = enqueueLive,
): Promise<{ matched: number; unmatched: number; skipped: boolean }> {
  const [stored, chunkSnap] = await Promise.all([
    importRef(fs, importId).get(),
    chunkRef(fs, importId, n).get(),
  ]);
  if (!stored.exists || !chunkSnap.exists) return { matched: 0, unmatched: 0, skipped: true };
  const uid = String(stored.get('user_id'));
  const total = Number(stored.get('total'));
  const last = n + 1 >= chunkCount(total);
  if (chunkSnap.get('done') === true) {
    if (!last) await enqueue(importId, n + 1);
    return { matched: 0, unmatched: 0, skipped: true };
  }
  const rows = (chunkSnap.get('rows') ?? []) as ImportRow[];
  const bookOf = await booksFor(fs, rows);
  const profile = await fs.collection('profiles').doc(uid).get();
  const reasons: Partial<Record<ImportReason, number>> = {};
  const unmatchedRows: ImportRow[] = [];
  const placements: ShelfPlacement[] = [];
  let matched = 0;
  for (const row of rows) {
    const book = bookOf(row);
    if (!book) {
      unmatchedRows.push(row);
      continue;
    }
    const reason = await applyRow(fs, uid, profile, book, row);
    if (reason) reasons[reason] = (reasons[reason] ?? 0) + 1;
    if (row.custom_shelves.length > 0) placements.push({ bookId: book.id, names: row.custom_shelves });
    matched += 1;
  }
  await placeOnOwnShelves(fs, uid, placements);
  reasons.not_on_shelfmark = unmatchedRows.length;
  await runTransactionWithRetry(fs, async (tx) => {
    const current = await tx.get(chunkSnap.ref);
    if (current.get('done') === true) return;
    for (const row of unmatchedRows) keepUnmatched(tx, fs, uid, importId, row);
    const now = Timestamp.now();
    tx.update(current.ref, { done: true, rows: FieldValue.delete() });
    tx.update(stored.ref, {
      processed: FieldValue.increment(rows.length),
      matched: FieldValue.increment(matched),
      unmatched: FieldValue.increment(unmatchedRows.length),
      ...Object.fromEntries(
        Object.entries(reasons)
          .filter(([, count]) => count > 0)
          .map(([reason, count]) => [`reasons.${reason}`, FieldValue.increment(count)]),
      ),
      updated_at: now,
      ...(last ? { status: 'done', finished_at: now } : {}),
    });
  });
  if (last) await purgeCacheTags([profileCacheTag(uid)]);
  else await enqueue(importId, n + 1);
  return { matched, unmatched: unmatchedRows.length, skipped: false };
}

const chunkTaskSchema = z.object({ import_id: idSchema, chunk: z.number().int().min(0) });

/** Processes one chunk of an import and queues the next; a failure is retried by the queue. */
export const processReadingImport = onTaskDispatched(
  {
    retryConfig: { maxAttempts: 10, minBackoffSeconds: 5, maxBackoffSeconds: 300 },
    rateLimits: { maxConcurrentDispatches: 4 },
    timeoutSeconds: 540,
  },
  async (request) => {
    const { import_id: importId, chunk } = chunkTaskSchema.parse(request.data);
    const outcome = await processImportChunk(db(), importId, chunk);
    logger.info('reading import: chunk processed', { import: importId, chunk, ...outcome });
  },
);

/** Removes a member's imports (with their chunks) and rows not on Shelfmark yet (account deletion). */
export async function removeMemberImports(fs: Firestore, uid: string): Promise<void> {
  const imports = await fs.collection(READING_IMPORTS).where('user_id', '==', uid).select().get();
  for (const doc of imports.docs) await fs.recursiveDelete(doc.ref);
  for (;;) {
    const page = await fs.collection(UNMATCHED_READS).where('user_id', '==', uid).select().limit(200).get();
    if (page.empty) return;
    const batch = fs.batch();
    page.docs.forEach((doc) => batch.delete(doc.ref));
    await batch.commit();
  }
}

/**
 * Books handler: when a book becomes public, the rows members kept as "Not on
 * Shelfmark yet" that name it (by ISBN-13, else by title and author) are applied
 * to their reading as an import would, and leave the list. Retried on failure;
 * applying a row twice changes nothing more.
 */
export const unmatchedReadsOnPublish: Handler = {
  name: 'unmatched reads',
  retry: true,
  async run({ id, before, after }: DocChange) {
    if (after?.is_public !== true || before?.is_public === true) return;
    const fs = db();
    const waiting = new Map<string, DocumentSnapshot>();
    if (typeof after.isbn === 'string' && after.isbn !== '')
      for (const doc of (
        await fs.collection(UNMATCHED_READS).where('isbn13', '==', after.isbn).limit(500).get()
      ).docs)
        waiting.set(doc.id, doc);
    if (typeof after.match_key === 'string' && after.match_key !== '')
      for (const doc of (
        await fs.collection(UNMATCHED_READS).where('match_key', '==', after.match_key).limit(500).get()
      ).docs)
        waiting.set(doc.id, doc);
    if (waiting.size === 0) return;
    const book = await fs.collection('books').doc(id).get();
    for (const doc of waiting.values()) {
      // A kept row that no longer reads as one is left where it is (and logged), not retried for ever.
      const row = tryParseDoc(unmatchedReadSchema, doc);
      if (!row) continue;
      const uid = row.user_id;
      const profile = await fs.collection('profiles').doc(uid).get();
      await applyRow(fs, uid, profile, book, {
        row: 2,
        title: row.title,
        author: row.author,
        isbn13: row.isbn13,
        shelf: row.shelf,
        custom_shelves: row.custom_shelves,
        rating: row.rating,
        review: row.review,
        started_on: row.started_on,
        finished_on: row.finished_on,
        added_on: row.added_on,
      });
      if (Array.isArray(row.custom_shelves) && row.custom_shelves.length > 0)
        await placeOnOwnShelves(fs, uid, [{ bookId: id, names: row.custom_shelves }]);
      await doc.ref.delete();
    }
    logger.info('unmatched reads: applied to a new book', { book: id, rows: waiting.size });
  },
};
