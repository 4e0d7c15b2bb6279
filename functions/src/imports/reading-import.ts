// Bringing a reader's history in (src/domain/imports/reading-import.ts holds the
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
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import { titleAuthorKey } from '../../../src/domain/books/match-key';
import { importRowSchema, type ImportRow } from '../../../src/domain/imports/import-row';
import {
  IMPORT_PENDING_REVIEWS,
  IMPORT_STALE_MS,
  MAX_IMPORTED_FINISHES_PER_BOOK,
  PENDING_REVIEWS_PER_CALL,
  READING_IMPORTS,
  READING_IMPORT_TEXT,
  UNMATCHED_READS,
  addReadingImportRowsRequestSchema,
  chunkCount,
  chunkId,
  importPendingReviewSchema,
  settleImportedReviewsRequestSchema,
  startReadingImportRequestSchema,
  unmatchedReadId,
  unmatchedReadSchema,
  type AddReadingImportRowsResponse,
  type ImportReason,
  type SettleImportedReviewsResponse,
  type StartReadingImportResponse,
  type UnmatchedRead,
} from '../../../src/domain/imports/reading-import';
import { READ_THROUGHS, dayToDate, finishDeltas } from '../../../src/domain/shelves/reading';
import { BOOK_REVIEWS, REVIEW_DECISIONS, countedRating, reviewId } from '../../../src/domain/reviews/review';
import { BOOK_SHELVES, shelfId } from '../../../src/domain/shelves/shelf';
import {
  BOOK_REVIEW_ACTIVITY,
  decideReviewSave,
  readActivity,
} from '../../../src/domain/reviews/review-burst';
import { idSchema } from '../../../src/domain/shared/common';
import { tryParseDoc } from '../../../src/data/firestore-convert';
import { bookCacheTag, profileCacheTag } from '../../../src/data/server/shared/cache-tags';
import { isOwnerPublic, ownerVisibilityOf } from '../../../src/domain/accounts/visibility';
import { consumeAttempt } from '../accounts/throttle';
import { recordFailure } from '../shared/failures';
import { claimedBookIds, claimedBooks } from '../books/isbn-claims';
import { featureAllowed, requireFeature } from '../billing/early-access';
import { chunk as inParts, db, MAX_IN_VALUES, readAll, runTransactionWithRetry } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { purgeCacheTags } from '../shared/cache-purge';
import type { DocChange, Handler } from '../shared/collection-trigger';
import { ensureCustomShelves, placeOnCustomShelves } from '../shelves/custom-shelves';
import { writeFinishDeltas } from '../shelves/reading';
import { reviewerFrom, updateTotals } from '../reviews/save-review';

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
 * member in good standing, or the import switched off for them); invalid-argument;
 * resource-exhausted (IMPORT_LIMITS); failed-precondition (an import of theirs is
 * still running).
 */
export const startReadingImport = guardedCall(
  'member',
  async (request, caller): Promise<StartReadingImportResponse> => {
    await requireFeature('reading_import', caller.uid);
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

/** A refused chunk's first problem: a row's own message names its row ("Row 7: the finish date …"). */
function rowsIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.path[0] === 'rows' && issue.code === 'custom' ? issue.message : describeIssue(error);
}

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
    if (!parsed.success) throw new HttpsError('invalid-argument', rowsIssue(parsed.error));
    const { import_id: importId, chunk, rows } = parsed.data;
    await requireFeature('reading_import', caller.uid);
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

/**
 * The books a chunk's rows name: by ISBN-13 the one book that holds the ISBN's
 * claim (isbn_claims: a copy saved under a borrowed ISBN never wins a match), and
 * by title-and-author key the first public one by id.
 */
async function booksFor(fs: Firestore, rows: readonly ImportRow[]) {
  const byIsbn = new Map<string, DocumentSnapshot>();
  const byKey = new Map<string, DocumentSnapshot>();
  const keep = (map: Map<string, DocumentSnapshot>, key: unknown, snap: DocumentSnapshot) => {
    if (typeof key !== 'string' || snap.get('is_public') !== true) return;
    const held = map.get(key);
    if (!held || snap.id < held.id) map.set(key, snap);
  };
  const isbns = [...new Set(rows.flatMap((row) => (row.isbn13 ? [row.isbn13] : [])))];
  const claimed = await claimedBooks(fs, isbns);
  for (const [isbn, snap] of claimed) keep(byIsbn, isbn, snap);
  // An ISBN no book holds the claim of (books stored before the claims, not backfilled yet): any public book carrying it.
  for (const part of inParts(
    isbns.filter((isbn) => !claimed.has(isbn)),
    MAX_IN_VALUES,
  )) {
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

/** How a matched row's rating and review are treated. */
export type ReviewMode =
  /** Published as a review by hand would be, when the member may review now; else kept waiting for them. */
  | 'publish'
  /** Kept waiting for the member's word (a row kept for later, applied when its book came). */
  | 'wait';

/** Whether `day`'s finish of the book is already among `reads` (one finish per member, book and day). */
function finishedOnDay(reads: readonly DocumentSnapshot[], day: string): boolean {
  return reads.some((doc) => {
    const at = doc.get('finished_at') as unknown;
    return at instanceof Timestamp && at.toDate().toISOString().slice(0, 10) === day;
  });
}

/**
 * Writes a new review of `uid` for `book` in `tx` as a review by hand is written
 * (saveReview): through the burst guard on the book's counts and the member's
 * standing decision, shown only while the member and the book are public, with the
 * book's totals. The activity and decision were read in `tx`.
 */
export function writeReviewAsByHand(
  tx: Transaction,
  fs: Firestore,
  input: {
    uid: string;
    profile: DocumentSnapshot;
    book: DocumentSnapshot;
    rating: number;
    text: string;
    standing: DocumentSnapshot;
    activity: DocumentSnapshot;
  },
): 'published' | 'held' {
  const { uid, profile, book, rating, text, standing, activity } = input;
  const now = Timestamp.now();
  const created = profile.get('created_at');
  const decision = decideReviewSave(
    null,
    rating,
    standing.exists,
    readActivity(activity.data()),
    now.toMillis(),
    created instanceof Timestamp ? created.toDate() : null,
  );
  const moderation = decision.moderation;
  if (decision.activity) tx.set(activity.ref, { ...decision.activity, updated_at: now });
  const shown =
    moderation === 'published' &&
    isOwnerPublic(ownerVisibilityOf(profile.data())) &&
    book.get('is_public') === true;
  const fields = {
    book_id: book.id,
    book_title: String(book.get('title') ?? ''),
    user_id: uid,
    reviewer: reviewerFrom(profile.data()),
    rating,
    text,
    reviewer_public: shown,
    moderation,
    created_at: now,
    updated_at: now,
  };
  updateTotals(tx, book, null, countedRating(fields));
  tx.create(fs.collection(BOOK_REVIEWS).doc(reviewId(book.id, uid)), fields);
  return moderation;
}

/**
 * Applies one matched row to `uid`'s reading of `book` (see the file comment):
 * returns 'own_book' when its rating or review was left out because the book is
 * the member's own, else null. Its rating and review are published as by hand
 * (`reviews` 'publish', and the member may review now: approved, active, with the
 * reviews feature, `mayReview`), else kept waiting for the member's word.
 */
export async function applyRow(
  fs: Firestore,
  uid: string,
  book: DocumentSnapshot,
  row: ImportRow,
  reviews: { mode: ReviewMode; mayReview: boolean },
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
    const pendingRef = fs.collection(IMPORT_PENDING_REVIEWS).doc(reviewId(bookId, uid));
    const wantsReview = row.rating !== null && !own;
    const [bookNow, entry, reads, review, pending, profile, standing, activity] = await Promise.all([
      tx.get(book.ref),
      tx.get(entryRef),
      // The member's read-throughs of this book (a handful): one finish a day, a few per import.
      finishedRef
        ? tx.get(
            fs
              .collection(READ_THROUGHS)
              .where('user_id', '==', uid)
              .where('book_id', '==', bookId)
              .limit(100),
          )
        : Promise.resolve(null),
      wantsReview ? tx.get(reviewRef) : Promise.resolve(null),
      wantsReview ? tx.get(pendingRef) : Promise.resolve(null),
      tx.get(fs.collection('profiles').doc(uid)),
      wantsReview
        ? tx.get(fs.collection(REVIEW_DECISIONS).doc(reviewId(bookId, uid)))
        : Promise.resolve(null),
      wantsReview ? tx.get(fs.collection(BOOK_REVIEW_ACTIVITY).doc(bookId)) : Promise.resolve(null),
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
    const imported = reads?.docs.filter((doc) => doc.id.startsWith('import_')) ?? [];
    if (
      finishedRef &&
      reads &&
      row.finished_on &&
      !finishedOnDay(reads.docs, row.finished_on) &&
      imported.filter((doc) => doc.get('finished_at') instanceof Timestamp).length <
        MAX_IMPORTED_FINISHES_PER_BOOK
    ) {
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
      const publishNow =
        reviews.mode === 'publish' &&
        reviews.mayReview &&
        isOwnerPublic(ownerVisibilityOf(profile.data())) &&
        bookNow.get('is_public') === true;
      if (publishNow && standing && activity) {
        writeReviewAsByHand(tx, fs, {
          uid,
          profile,
          book: bookNow,
          rating: row.rating,
          text: row.review,
          standing,
          activity,
        });
        if (pending?.exists) tx.delete(pendingRef);
      } else if (pending && !pending.exists)
        tx.set(pendingRef, {
          user_id: uid,
          book_id: bookId,
          book_title: title,
          rating: row.rating,
          review: row.review,
          status: 'waiting',
          created_at: now,
        });
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
  // With custom shelves switched off for the member, the file's own shelves are left out (the rest of the row goes in).
  if (placements.length === 0 || !(await featureAllowed('custom_shelves', uid, fs))) return;
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
  const mayReview = await featureAllowed('reviews', uid, fs);
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
    const reason = await applyRow(fs, uid, book, row, { mode: 'publish', mayReview });
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

/** Removes a member's imports (with their chunks), rows not on Shelfmark yet and waiting ratings (account deletion). */
export async function removeMemberImports(fs: Firestore, uid: string): Promise<void> {
  const imports = await fs.collection(READING_IMPORTS).where('user_id', '==', uid).select().get();
  for (const doc of imports.docs) await fs.recursiveDelete(doc.ref);
  for (const collection of [UNMATCHED_READS, IMPORT_PENDING_REVIEWS])
    for (;;) {
      const page = await fs.collection(collection).where('user_id', '==', uid).select().limit(200).get();
      if (page.empty) break;
      const batch = fs.batch();
      page.docs.forEach((doc) => batch.delete(doc.ref));
      await batch.commit();
    }
}

/**
 * Publishes the caller's waiting imported ratings and reviews (each as a review by
 * hand: the burst guard, a standing decision, the book public and not their own),
 * or keeps them private, PENDING_REVIEWS_PER_CALL at a time. A book no longer
 * public keeps its rating private; a review the member wrote by hand meanwhile
 * stands, and the waiting one goes. Request: settleImportedReviewsRequestSchema;
 * returns how many were settled and how many still wait. Errors: unauthenticated;
 * permission-denied (not a member in good standing; publishing with the reviews
 * feature off for them); invalid-argument.
 */
export const settleImportedReviews = guardedCall(
  'member',
  async (request, caller): Promise<SettleImportedReviewsResponse> => {
    const parsed = settleImportedReviewsRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const { action } = parsed.data;
    if (action === 'publish') await requireFeature('reviews', caller.uid);
    const fs = db();
    const waiting = fs
      .collection(IMPORT_PENDING_REVIEWS)
      .where('user_id', '==', caller.uid)
      .where('status', '==', 'waiting');
    const page = await waiting.limit(PENDING_REVIEWS_PER_CALL).get();
    let settled = 0;
    const purged = new Set<string>();
    for (const doc of page.docs) {
      const outcome = await runTransactionWithRetry(fs, async (tx) => {
        const pending = await tx.get(doc.ref);
        if (!pending.exists || pending.get('status') !== 'waiting') return 'gone';
        if (action === 'private') {
          tx.update(pending.ref, { status: 'private' });
          return 'private';
        }
        const read = tryParseDoc(importPendingReviewSchema, pending);
        if (!read) {
          tx.update(pending.ref, { status: 'private' });
          return 'private';
        }
        const id = reviewId(read.book_id, caller.uid);
        const [book, review, profile, standing, activity] = await readAll(
          tx,
          fs.collection('books').doc(read.book_id),
          fs.collection(BOOK_REVIEWS).doc(id),
          fs.collection('profiles').doc(caller.uid),
          fs.collection(REVIEW_DECISIONS).doc(id),
          fs.collection(BOOK_REVIEW_ACTIVITY).doc(read.book_id),
        );
        if (!book.exists || book.get('is_public') !== true || book.get('user_id') === caller.uid) {
          tx.update(pending.ref, { status: 'private' });
          return 'private';
        }
        tx.delete(pending.ref);
        if (review.exists) return 'superseded';
        return writeReviewAsByHand(tx, fs, {
          uid: caller.uid,
          profile,
          book,
          rating: read.rating,
          text: read.review,
          standing,
          activity,
        });
      });
      if (outcome !== 'gone') settled += 1;
      if (outcome === 'published') purged.add(String(doc.get('book_id')));
    }
    if (purged.size > 0)
      await purgeCacheTags([...[...purged].map(bookCacheTag), profileCacheTag(caller.uid)]);
    const remaining = (await waiting.count().get()).data().count;
    logger.info('settleImportedReviews', { by: caller.uid, action, settled, remaining });
    return { settled, remaining };
  },
  { signIn: 'Please sign in to publish your imported ratings.' },
);

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
export const unmatchedReadsOnPublish: Handler = {
  name: 'unmatched reads',
  retry: true,
  async run({ id, before, after }: DocChange) {
    if (after?.is_public !== true || before?.is_public === true) return;
    const fs = db();
    const waiting = new Map<string, DocumentSnapshot>();
    // By ISBN only for the book holding the ISBN's claim (or when none holds it: books stored before the claims).
    const isbnHolder =
      typeof after.isbn === 'string' && after.isbn !== ''
        ? ((await claimedBookIds(fs, [after.isbn])).get(after.isbn) ?? id)
        : null;
    if (typeof after.isbn === 'string' && after.isbn !== '' && isbnHolder === id)
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
  };
  const checked = importRowSchema.safeParse(row);
  if (!checked.success)
    throw new Error(`kept row of ${kept.user_id}: ${checked.error.issues[0]?.message ?? 'unreadable'}`);
  await applyRow(fs, kept.user_id, book, checked.data, { mode: 'wait', mayReview: false });
  if (kept.custom_shelves.length > 0)
    await placeOnOwnShelves(fs, kept.user_id, [{ bookId: book.id, names: kept.custom_shelves }]);
}
