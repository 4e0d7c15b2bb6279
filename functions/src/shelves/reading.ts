// The readers' journal (src/domain/shelves/reading.ts): the only writers of
// read_throughs, reading_years and reading_stats. updateReading records progress,
// finishes a book and re-dates a read-through; setReadingGoal sets the year's
// goal; setShelf (set-shelf.ts) starts and finishes read-throughs through
// shelfReading below. Every count a finish moves is written in the transaction
// that moves it, so no trigger derives anything and a retried call cannot count twice.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { profileCacheTag } from '../../../src/data/server/shared/cache-tags';
import { isBookIdShape } from '../../../src/domain/books/book-page';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import {
  READING_MESSAGES,
  READING_STATS,
  READING_STATS_SHARDS,
  READING_YEARS,
  READ_THROUGHS,
  datesFormSchema,
  datesProblem,
  dayOf,
  dayToDate,
  finishDeltas,
  finishesOnDay,
  goalFormSchema,
  progressFormSchema,
  readingStatsId,
  readingYearId,
  setReadingGoalRequestSchema,
  storedProgress,
  updateReadingRequestSchema,
  yearOf,
  type SetReadingGoalResponse,
  type UpdateReadingResponse,
} from '../../../src/domain/shelves/reading';
import {
  BOOK_SHELVES,
  SHELF_LIMITS_PER_MEMBER,
  SHELF_MESSAGES,
  shelfId,
  type Shelf,
} from '../../../src/domain/shelves/shelf';
import { consumeAttempt } from '../accounts/throttle';
import { requireFeature } from '../billing/early-access';
import { db, runTransactionWithRetry } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { purgeCacheTags } from '../shared/cache-purge';
import { isReadableBook } from '../../../src/domain/accounts/visibility';

/** A stored time as a Date, or null. */
function dateOf(value: unknown): Date | null {
  return value instanceof Timestamp ? value.toDate() : null;
}

/** A shard of a year's community count, picked at random so concurrent finishes rarely meet. */
function statsRef(firestore: Firestore, year: number): DocumentReference {
  const shard = Math.floor(Math.random() * READING_STATS_SHARDS);
  return firestore.collection(READING_STATS).doc(readingStatsId(year, shard));
}

/** Writes the member's and the community's counts that `deltas` (finishDeltas) move. */
export function writeFinishDeltas(
  write: Pick<Transaction, 'set'>,
  firestore: Firestore,
  uid: string,
  deltas: Map<number, number>,
  now: Timestamp,
): void {
  for (const [year, n] of deltas) {
    write.set(
      firestore.collection(READING_YEARS).doc(readingYearId(uid, year)),
      { user_id: uid, year, finished: FieldValue.increment(n), updated_at: now },
      { merge: true },
    );
    write.set(statsRef(firestore, year), { year, finished: FieldValue.increment(n) }, { merge: true });
  }
}

/** The member's open (unfinished) read-through of a book, read in `tx`, or null. */
async function openReadThrough(firestore: Firestore, tx: Transaction, uid: string, bookId: string) {
  const open = await tx.get(
    firestore
      .collection(READ_THROUGHS)
      .where('user_id', '==', uid)
      .where('book_id', '==', bookId)
      .where('finished_at', '==', null)
      .limit(1),
  );
  return open.docs[0] ?? null;
}

/**
 * What setShelf does to the member's read-throughs when a book moves from
 * `previous` to `next`, inside setShelf's transaction (reads first: call it
 * before any write). 'Reading' opens a read-through unless one is open (a re-read
 * of a finished book opens a new one, keeping the earlier); 'Read' finishes the
 * open one, or records a finish today when the book had none open and was not
 * already read; leaving 'Reading' for 'Want to read' or no shelf drops the open
 * read-through (finished ones stay). A book is finished at most once a day
 * (finishesOnDay): 'Read' again the day it was finished adds no finish (an open
 * re-read of that day is dropped), and leaving 'Read' the day it was finished
 * removes that day's finish with its count, so shelving it on and off counts
 * nothing. Returns the shelf entry's progress fields and a function that makes the writes.
 */
export async function shelfReading(
  firestore: Firestore,
  tx: Transaction,
  input: {
    uid: string;
    bookId: string;
    bookTitle: string;
    previous: Shelf | null;
    next: Shelf | null;
    /** The entry's stored progress (a book already on 'Did not finish' keeps where it stopped). */
    entryProgress?: { progress_page: number | null; progress_percent: number | null };
  },
): Promise<{
  progress: { progress_page: number | null; progress_percent: number | null };
  write: () => void;
}> {
  const { uid, bookId, bookTitle, previous, next, entryProgress } = input;
  const [open, reads] = await Promise.all([
    openReadThrough(firestore, tx, uid, bookId),
    // The member's read-throughs of this one book: a handful.
    tx.get(
      firestore
        .collection(READ_THROUGHS)
        .where('user_id', '==', uid)
        .where('book_id', '==', bookId)
        .limit(100),
    ),
  ]);
  const now = Timestamp.now();
  const finishedToday = new Set(
    finishesOnDay(
      reads.docs.map((doc) => ({ id: doc.id, finishedAt: dateOf(doc.get('finished_at')) })),
      dayOf(now.toDate()),
    ),
  );
  const none = { progress_page: null, progress_percent: null };
  /** Takes today's finishes off again (leaving 'Read' the day it was finished). */
  const undoToday = () => {
    for (const doc of reads.docs) {
      if (!finishedToday.has(doc.id)) continue;
      tx.delete(doc.ref);
      writeFinishDeltas(tx, firestore, uid, finishDeltas(dateOf(doc.get('finished_at')), null), now);
    }
  };
  if (next === 'reading') {
    if (open)
      return {
        progress: {
          progress_page: (open.get('progress_page') as number | null) ?? null,
          progress_percent: (open.get('progress_percent') as number | null) ?? null,
        },
        write: () => {},
      };
    return {
      progress: none,
      write: () => {
        if (previous === 'read') undoToday();
        tx.set(firestore.collection(READ_THROUGHS).doc(), {
          user_id: uid,
          book_id: bookId,
          book_title: bookTitle,
          started_at: now,
          finished_at: null,
          progress_page: null,
          progress_percent: null,
          updated_at: now,
        });
      },
    };
  }
  if (next === 'did-not-finish') {
    // Where the member stopped: the open reading's last progress (or, already on this
    // shelf, what the entry holds). The reading closes without a finish, so it never counts.
    const stopped = open
      ? {
          progress_page: (open.get('progress_page') as number | null) ?? null,
          progress_percent: (open.get('progress_percent') as number | null) ?? null,
        }
      : previous === 'did-not-finish' && entryProgress
        ? entryProgress
        : none;
    return {
      progress: stopped,
      write: () => {
        if (open) tx.delete(open.ref);
        if (previous === 'read') undoToday();
      },
    };
  }
  if (next === 'read') {
    return {
      progress: none,
      write: () => {
        if (finishedToday.size > 0) {
          // Finished today already: one finish a day; a re-read opened today folds into it.
          if (open) tx.delete(open.ref);
          return;
        }
        if (open) tx.update(open.ref, { finished_at: now, progress_percent: 100, updated_at: now });
        else if (previous !== 'read')
          tx.set(firestore.collection(READ_THROUGHS).doc(), {
            user_id: uid,
            book_id: bookId,
            book_title: bookTitle,
            started_at: null,
            finished_at: now,
            progress_page: null,
            progress_percent: 100,
            updated_at: now,
          });
        else return;
        writeFinishDeltas(tx, firestore, uid, finishDeltas(null, now.toDate()), now);
      },
    };
  }
  return {
    progress: none,
    write: () => {
      if (open) tx.delete(open.ref);
      if (previous === 'read') undoToday();
    },
  };
}

/** The read-through's answer from its fields after the change. */
function answerOf(
  id: string,
  fields: {
    started_at: Date | null;
    finished_at: Date | null;
    progress_page: number | null;
    progress_percent: number | null;
  },
  shelf: UpdateReadingResponse['shelf'],
): UpdateReadingResponse {
  return {
    id,
    progress_page: fields.progress_page,
    progress_percent: fields.progress_percent,
    started_on: fields.started_at ? dayOf(fields.started_at) : null,
    finished_on: fields.finished_at ? dayOf(fields.finished_at) : null,
    shelf,
  };
}

/**
 * Progress or Finished on the caller's open read-through of a book on their
 * 'Reading' shelf (one is opened for an entry shelved before read-throughs
 * existed). 100 % (or the last page) finishes it and moves the book to 'Read'.
 */
async function recordProgress(
  firestore: Firestore,
  uid: string,
  bookId: string,
  progressForm: { unit: 'page' | 'percent'; value: number } | 'finish',
): Promise<UpdateReadingResponse> {
  if (!isBookIdShape(bookId)) throw new HttpsError('not-found', SHELF_MESSAGES.notFound);
  return runTransactionWithRetry(firestore, async (tx) => {
    const bookRef = firestore.collection('books').doc(bookId);
    const entryRef = firestore.collection(BOOK_SHELVES).doc(shelfId(bookId, uid));
    const [book, entry] = await Promise.all([tx.get(bookRef), tx.get(entryRef)]);
    if (!book.exists || !isReadableBook(book.data()))
      throw new HttpsError('not-found', SHELF_MESSAGES.notFound);
    if (entry.get('shelf') !== 'reading')
      throw new HttpsError('failed-precondition', READING_MESSAGES.notReading);
    const open = await openReadThrough(firestore, tx, uid, bookId);
    const pages = book.get('pages') as unknown;
    const progress =
      progressForm === 'finish'
        ? { progress_page: null, progress_percent: 100 }
        : storedProgress(progressForm, typeof pages === 'number' ? pages : null);
    if ('error' in progress) throw new HttpsError('invalid-argument', progress.error);
    const now = Timestamp.now();
    const ref = open?.ref ?? firestore.collection(READ_THROUGHS).doc();
    const startedAt = open ? dateOf(open.get('started_at')) : now.toDate();
    const finished = progress.progress_percent === 100;
    const fields = {
      user_id: uid,
      book_id: bookId,
      book_title: String(book.get('title') ?? ''),
      started_at: startedAt ? Timestamp.fromDate(startedAt) : null,
      finished_at: finished ? now : null,
      ...progress,
      updated_at: now,
    };
    tx.set(ref, fields);
    if (finished) {
      tx.update(entryRef, { shelf: 'read', progress_page: null, progress_percent: null, updated_at: now });
      writeFinishDeltas(tx, firestore, uid, finishDeltas(null, now.toDate()), now);
    } else tx.update(entryRef, { ...progress });
    return answerOf(
      ref.id,
      { ...progress, started_at: startedAt, finished_at: finished ? now.toDate() : null },
      finished ? 'read' : 'reading',
    );
  });
}

/** New dates for one of the caller's read-throughs (another member's answers as a missing one). */
async function redate(
  firestore: Firestore,
  uid: string,
  readThroughId: string,
  dates: { startedOn: string; finishedOn: string },
): Promise<UpdateReadingResponse> {
  const parsed = datesFormSchema.safeParse(dates);
  if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
  if (!/^[A-Za-z0-9]+$/.test(readThroughId)) throw new HttpsError('not-found', READING_MESSAGES.notFound);
  const ref = firestore.collection(READ_THROUGHS).doc(readThroughId);
  return runTransactionWithRetry(firestore, async (tx) => {
    const doc = await tx.get(ref);
    if (!doc.exists || doc.get('user_id') !== uid)
      throw new HttpsError('not-found', READING_MESSAGES.notFound);
    const wasStarted = dateOf(doc.get('started_at'));
    const wasFinished = dateOf(doc.get('finished_at'));
    const problem = datesProblem(parsed.data, dayOf(new Date()), wasFinished !== null);
    if (problem) throw new HttpsError('invalid-argument', problem);
    // A day left as it was keeps its stored moment (a finish recorded "now" stays exact).
    const kept = (day: string, was: Date | null) =>
      !day ? null : was && dayOf(was) === day ? was : dayToDate(day);
    const startedAt = kept(parsed.data.startedOn, wasStarted);
    const finishedAt = kept(parsed.data.finishedOn, wasFinished);
    if (finishedAt && (!wasFinished || dayOf(wasFinished) !== dayOf(finishedAt))) {
      // One finish of a book a day: a re-dated finish may not land on another's day.
      const others = await tx.get(
        firestore
          .collection(READ_THROUGHS)
          .where('user_id', '==', uid)
          .where('book_id', '==', String(doc.get('book_id')))
          .limit(100),
      );
      const day = dayOf(finishedAt);
      if (
        others.docs.some(
          (other) =>
            other.id !== ref.id &&
            dateOf(other.get('finished_at')) &&
            dayOf(dateOf(other.get('finished_at'))!) === day,
        )
      )
        throw new HttpsError('invalid-argument', READING_MESSAGES.sameDay);
    }
    const now = Timestamp.now();
    tx.update(ref, {
      started_at: startedAt ? Timestamp.fromDate(startedAt) : null,
      finished_at: finishedAt ? Timestamp.fromDate(finishedAt) : null,
      updated_at: now,
    });
    writeFinishDeltas(tx, firestore, uid, finishDeltas(wasFinished, finishedAt), now);
    return answerOf(
      ref.id,
      {
        started_at: startedAt,
        finished_at: finishedAt,
        progress_page: (doc.get('progress_page') as number | null) ?? null,
        progress_percent: (doc.get('progress_percent') as number | null) ?? null,
      },
      null,
    );
  });
}

/** Counts the caller's journal writes with their shelf changes (SHELF_LIMITS_PER_MEMBER). */
async function countAttempt(firestore: Firestore, uid: string): Promise<void> {
  await consumeAttempt(
    firestore,
    [{ kind: 'shelf-member', value: uid, limits: SHELF_LIMITS_PER_MEMBER }],
    SHELF_MESSAGES.throttled,
  );
}

/**
 * Progress, Finished or new dates for the caller's reading. Request:
 * updateReadingRequestSchema; returns UpdateReadingResponse. Errors:
 * unauthenticated; permission-denied (not a member in good standing, or the
 * 'reading_journal' switch off for them); invalid-argument (a value or date the forms
 * refuse, a page beyond the book's last); not-found (no such public book, or no
 * such read-through of theirs); failed-precondition (the book is not on their
 * 'Reading' shelf); resource-exhausted (counted with setShelf's changes).
 */
export const updateReading = guardedCall(
  'member',
  async (request, caller): Promise<UpdateReadingResponse> => {
    const parsed = updateReadingRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const input = parsed.data;
    await requireFeature('reading_journal', caller.uid);
    const firestore = db();
    let answer: UpdateReadingResponse;
    if (input.action === 'dates') {
      await countAttempt(firestore, caller.uid);
      answer = await redate(firestore, caller.uid, input.readThroughId, input);
    } else {
      const form =
        input.action === 'finish'
          ? 'finish'
          : progressFormSchema.safeParse({ unit: input.unit, value: input.value });
      if (form !== 'finish' && !form.success)
        throw new HttpsError('invalid-argument', describeIssue(form.error));
      await countAttempt(firestore, caller.uid);
      answer = await recordProgress(
        firestore,
        caller.uid,
        input.bookId,
        form === 'finish' ? form : form.data,
      );
    }
    await purgeCacheTags([profileCacheTag(caller.uid)]);
    logger.info('updateReading', { action: input.action, by: caller.uid, readThrough: answer.id });
    return answer;
  },
  { signIn: SHELF_MESSAGES.signIn, denied: SHELF_MESSAGES.notAllowed },
);

/**
 * Sets (or, with null, removes) the caller's goal for the current UTC year.
 * Request: setReadingGoalRequestSchema; returns SetReadingGoalResponse. Errors as
 * updateReading's, and invalid-argument for a goal goalFormSchema refuses.
 */
export const setReadingGoal = guardedCall(
  'member',
  async (request, caller): Promise<SetReadingGoalResponse> => {
    const parsed = setReadingGoalRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const goal = parsed.data.goal;
    if (goal !== null) {
      const checked = goalFormSchema.safeParse({ goal });
      if (!checked.success) throw new HttpsError('invalid-argument', describeIssue(checked.error));
    }
    // Taking a goal away (null) stays open with the journal switched off.
    if (goal !== null) await requireFeature('reading_journal', caller.uid);
    const firestore = db();
    await countAttempt(firestore, caller.uid);
    const now = Timestamp.now();
    const year = yearOf(now.toDate());
    const ref = firestore.collection(READING_YEARS).doc(readingYearId(caller.uid, year));
    const finished = await runTransactionWithRetry(firestore, async (tx) => {
      const current = await tx.get(ref);
      tx.set(ref, { user_id: caller.uid, year, goal, updated_at: now }, { merge: true });
      const count = current.get('finished') as unknown;
      return typeof count === 'number' ? count : 0;
    });
    await purgeCacheTags([profileCacheTag(caller.uid)]);
    logger.info('setReadingGoal', { by: caller.uid, year, goal });
    return { year, goal, finished };
  },
  { signIn: SHELF_MESSAGES.signIn, denied: SHELF_MESSAGES.notAllowed },
);

/**
 * Deletes read-throughs `query` finds a page at a time, taking their finishes off
 * the community's counts (and, with `ownYears`, off their members' years) in the
 * same batch, so a crash between pages leaves every count true. Returns the members touched.
 */
async function deleteReadThroughs(
  firestore: Firestore,
  query: FirebaseFirestore.Query,
  ownYears: boolean,
): Promise<string[]> {
  const members = new Set<string>();
  for (;;) {
    const page = await query.select('user_id', 'finished_at').limit(200).get();
    if (page.empty) return [...members];
    const batch = firestore.batch();
    const now = Timestamp.now();
    const byMember = new Map<string, Map<number, number>>();
    const community = new Map<number, number>();
    for (const doc of page.docs) {
      batch.delete(doc.ref);
      const uid = String(doc.get('user_id'));
      members.add(uid);
      const finished = dateOf(doc.get('finished_at'));
      if (!finished) continue;
      const year = yearOf(finished);
      community.set(year, (community.get(year) ?? 0) - 1);
      const years = byMember.get(uid) ?? new Map<number, number>();
      years.set(year, (years.get(year) ?? 0) - 1);
      byMember.set(uid, years);
    }
    for (const [year, n] of community)
      batch.set(statsRef(firestore, year), { year, finished: FieldValue.increment(n) }, { merge: true });
    if (ownYears)
      for (const [uid, years] of byMember)
        for (const [year, n] of years)
          batch.set(
            firestore.collection(READING_YEARS).doc(readingYearId(uid, year)),
            { user_id: uid, year, finished: FieldValue.increment(n), updated_at: now },
            { merge: true },
          );
    await batch.commit();
  }
}

/** Removes the member's read-throughs and years (account deletion); safe to run again. */
export async function removeMemberReading(firestore: Firestore, uid: string): Promise<void> {
  await deleteReadThroughs(firestore, firestore.collection(READ_THROUGHS).where('user_id', '==', uid), false);
  const years = firestore.collection(READING_YEARS).where('user_id', '==', uid);
  for (;;) {
    const page = await years.select().limit(200).get();
    if (page.empty) return;
    const batch = firestore.batch();
    page.docs.forEach((doc) => batch.delete(doc.ref));
    await batch.commit();
  }
}

/** A deleted book's read-throughs go with it, and their finishes leave the years' counts; returns the readers. */
export function removeReadingOfBook(firestore: Firestore, bookId: string): Promise<string[]> {
  return deleteReadThroughs(
    firestore,
    firestore.collection(READ_THROUGHS).where('book_id', '==', bookId),
    true,
  );
}
