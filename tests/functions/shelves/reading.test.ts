// The readers' journal on the emulators: setShelf opens and finishes
// read-throughs, updateReading records progress (100 % finishes into 'Read'),
// re-dates a read-through and moves its count between years, setReadingGoal sets
// the year's goal; only the member's own reading is touched, and a deleted book
// or account takes its read-throughs and their counts with it.
import { beforeEach, describe, expect, it } from 'vitest';
import { READING_MESSAGES, readingYearId, yearOf } from '../../../src/domain/shelves/reading';
import { shelfId } from '../../../src/domain/shelves/shelf';
import { removeMemberShelves } from '../../../functions/src/shelves/set-shelf';
import { adminDb, clearFirestore, eventually } from '../helpers/emulator';
import { authorWithPublicBook, callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const setShelf = (member: Member | undefined, data: Record<string, unknown>) =>
  callAs<{ shelf: string | null }>('setShelf', member, data);
const updateReading = (member: Member | undefined, data: Record<string, unknown>) =>
  callAs<{ id: string; shelf: string | null; progress_percent: number | null; finished_on: string | null }>(
    'updateReading',
    member,
    data,
  );
const setReadingGoal = (member: Member | undefined, data: Record<string, unknown>) =>
  callAs<{ year: number; goal: number | null; finished: number }>('setReadingGoal', member, data);

const thisYear = yearOf(new Date());
let bookId: string;

async function readThroughsOf(uid: string) {
  const snap = await db.collection('read_throughs').where('user_id', '==', uid).get();
  return snap.docs.map((d) => ({ id: d.id, ...d.data() }) as Record<string, unknown> & { id: string });
}
async function finishedIn(uid: string, year: number): Promise<number> {
  return ((await db.doc(`reading_years/${readingYearId(uid, year)}`).get()).get('finished') as number) ?? 0;
}
async function communityIn(year: number): Promise<number> {
  const shards = await db.collection('reading_stats').where('year', '==', year).get();
  return shards.docs.reduce((sum, d) => sum + (d.get('finished') as number), 0);
}

beforeEach(async () => {
  await clearFirestore();
  ({ bookId } = await authorWithPublicBook({ pages: 200 }));
});

describe('progress and finishing', () => {
  it('starting a book opens a read-through; progress by page shows as a percentage; 100 % finishes it into Read', async () => {
    const reader = await makeMember();
    await setShelf(reader, { bookId, shelf: 'reading' });
    const [open] = await readThroughsOf(reader.uid);
    expect(open).toMatchObject({ book_id: bookId, finished_at: null });
    expect(open?.started_at).toBeTruthy();

    expect(
      (await updateReading(reader, { action: 'progress', bookId, unit: 'page', value: 50 })).result,
    ).toMatchObject({
      shelf: 'reading',
      progress_percent: 25,
    });
    expect((await db.doc(`book_shelves/${shelfId(bookId, reader.uid)}`).get()).data()).toMatchObject({
      shelf: 'reading',
      progress_page: 50,
      progress_percent: 25,
    });
    expect(
      (await updateReading(reader, { action: 'progress', bookId, unit: 'page', value: 201 })).error,
    ).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'This book has 200 pages.',
    });

    const done = await updateReading(reader, { action: 'progress', bookId, unit: 'percent', value: 100 });
    expect(done.result).toMatchObject({ shelf: 'read', progress_percent: 100 });
    expect((await db.doc(`book_shelves/${shelfId(bookId, reader.uid)}`).get()).get('shelf')).toBe('read');
    expect(await finishedIn(reader.uid, thisYear)).toBe(1);
    expect(await communityIn(thisYear)).toBe(1);
  });

  it('Finished on a book not on Reading is refused; reading it again keeps the earlier read-through', async () => {
    const reader = await makeMember();
    expect((await updateReading(reader, { action: 'finish', bookId })).error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      message: READING_MESSAGES.notReading,
    });
    await setShelf(reader, { bookId, shelf: 'reading' });
    const first = await updateReading(reader, { action: 'finish', bookId });
    // The first reading was finished on another day (a re-read the same day folds into one finish).
    const earlier = `${thisYear - 1}-06-01`;
    await updateReading(reader, {
      action: 'dates',
      readThroughId: first.result!.id,
      startedOn: '',
      finishedOn: earlier,
    });
    await setShelf(reader, { bookId, shelf: 'reading' });
    await updateReading(reader, { action: 'finish', bookId });
    const all = await readThroughsOf(reader.uid);
    expect(all).toHaveLength(2);
    expect(all.every((r) => r.finished_at !== null)).toBe(true);
    // A re-read counts once per finish.
    expect(await finishedIn(reader.uid, thisYear)).toBe(1);
    expect(await finishedIn(reader.uid, thisYear - 1)).toBe(1);
  });

  it('shelving straight to Read records a finish once; leaving Reading drops the unfinished read-through', async () => {
    const reader = await makeMember();
    await setShelf(reader, { bookId, shelf: 'read' });
    await setShelf(reader, { bookId, shelf: 'read' });
    expect(await readThroughsOf(reader.uid)).toHaveLength(1);
    expect(await finishedIn(reader.uid, thisYear)).toBe(1);
    const [finish] = await readThroughsOf(reader.uid);
    await updateReading(reader, {
      action: 'dates',
      readThroughId: finish!.id,
      startedOn: '',
      finishedOn: `${thisYear - 1}-03-01`,
    });
    await setShelf(reader, { bookId, shelf: 'reading' });
    await setShelf(reader, { bookId, shelf: 'want-to-read' });
    const kept = await readThroughsOf(reader.uid);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.finished_at).not.toBeNull();
  });

  it('Did not finish keeps the page where the reader stopped, closes the reading and counts no finish', async () => {
    const reader = await makeMember();
    await setShelf(reader, { bookId, shelf: 'reading' });
    await updateReading(reader, { action: 'progress', bookId, unit: 'page', value: 80 });
    const stopped = await setShelf(reader, { bookId, shelf: 'did-not-finish' });
    expect(stopped.result).toEqual({ shelf: 'did-not-finish', owned: false });
    expect((await db.doc(`book_shelves/${shelfId(bookId, reader.uid)}`).get()).data()).toMatchObject({
      shelf: 'did-not-finish',
      progress_page: 80,
      progress_percent: 40,
    });
    expect(await readThroughsOf(reader.uid)).toEqual([]);
    expect(await finishedIn(reader.uid, thisYear)).toBe(0);
    expect(await communityIn(thisYear)).toBe(0);
    // Choosing it again keeps where the reader stopped; progress cannot be recorded on it.
    await setShelf(reader, { bookId, shelf: 'did-not-finish' });
    expect((await db.doc(`book_shelves/${shelfId(bookId, reader.uid)}`).get()).get('progress_page')).toBe(80);
    expect(
      (await updateReading(reader, { action: 'progress', bookId, unit: 'page', value: 90 })).error?.status,
    ).toBe('FAILED_PRECONDITION');
    // A finished book given up on the same day takes its finish back.
    await setShelf(reader, { bookId, shelf: 'read' });
    expect(await finishedIn(reader.uid, thisYear)).toBe(1);
    await setShelf(reader, { bookId, shelf: 'did-not-finish' });
    expect(await finishedIn(reader.uid, thisYear)).toBe(0);
  });

  it('a copy marked owned stays owned across shelves, is unmarked on request, and goes with the entry', async () => {
    const reader = await makeMember();
    const entry = () => db.doc(`book_shelves/${shelfId(bookId, reader.uid)}`).get();
    expect((await setShelf(reader, { bookId, shelf: 'want-to-read', owned: true })).result).toEqual({
      shelf: 'want-to-read',
      owned: true,
    });
    await setShelf(reader, { bookId, shelf: 'reading' });
    expect((await entry()).data()).toMatchObject({ shelf: 'reading', owned: true });
    await setShelf(reader, { bookId, shelf: 'reading', owned: false });
    expect((await entry()).get('owned')).toBe(false);
    expect((await setShelf(reader, { bookId, shelf: 'read', owned: 'yes' })).error?.status).toBe(
      'INVALID_ARGUMENT',
    );
    await setShelf(reader, { bookId, shelf: 'read', owned: true });
    await setShelf(reader, { bookId, shelf: null });
    expect((await entry()).exists).toBe(false);
    expect((await setShelf(reader, { bookId, shelf: 'read' })).result).toEqual({
      shelf: 'read',
      owned: false,
    });
  });

  it('shelving a book as Read and off again six times counts no finish, and Read once more counts one', async () => {
    const reader = await makeMember();
    for (let i = 0; i < 6; i += 1) {
      await setShelf(reader, { bookId, shelf: 'read' });
      await setShelf(reader, { bookId, shelf: i % 2 === 0 ? null : 'reading' });
    }
    await setShelf(reader, { bookId, shelf: null });
    expect(await readThroughsOf(reader.uid)).toHaveLength(0);
    expect(await finishedIn(reader.uid, thisYear)).toBe(0);
    expect(await communityIn(thisYear)).toBe(0);
    await setShelf(reader, { bookId, shelf: 'read' });
    await setShelf(reader, { bookId, shelf: 'reading' });
    await updateReading(reader, { action: 'finish', bookId });
    await setShelf(reader, { bookId, shelf: 'read' });
    // Read, a re-read begun and finished, Read again: all on one day, one finish.
    expect((await readThroughsOf(reader.uid)).filter((r) => r.finished_at !== null)).toHaveLength(1);
    expect(await finishedIn(reader.uid, thisYear)).toBe(1);
    expect(await communityIn(thisYear)).toBe(1);
  });

  it('a visitor and a pending member cannot record progress', async () => {
    expect((await updateReading(undefined, { action: 'finish', bookId })).error?.status).toBe(
      'UNAUTHENTICATED',
    );
    const pending = await makeMember({ profile: { approval_status: 'pending' } });
    expect((await updateReading(pending, { action: 'finish', bookId })).error?.status).toBe(
      'PERMISSION_DENIED',
    );
  });
});

describe('dates', () => {
  it('a finish re-dated into last year moves its count; another member cannot touch it; the future is refused', async () => {
    const reader = await makeMember();
    const other = await makeMember();
    await setShelf(reader, { bookId, shelf: 'reading' });
    const { result } = await updateReading(reader, { action: 'finish', bookId });
    const id = result!.id;
    const lastYear = `${thisYear - 1}-06-01`;
    expect(
      (
        await updateReading(other, {
          action: 'dates',
          readThroughId: id,
          startedOn: '',
          finishedOn: lastYear,
        })
      ).error?.status,
    ).toBe('NOT_FOUND');
    expect(
      (
        await updateReading(reader, {
          action: 'dates',
          readThroughId: id,
          startedOn: '',
          finishedOn: `${thisYear + 1}-01-01`,
        })
      ).error?.message,
    ).toBe(READING_MESSAGES.future);
    const moved = await updateReading(reader, {
      action: 'dates',
      readThroughId: id,
      startedOn: `${thisYear - 1}-05-20`,
      finishedOn: lastYear,
    });
    expect(moved.result).toMatchObject({ finished_on: lastYear, started_on: `${thisYear - 1}-05-20` });
    expect(await finishedIn(reader.uid, thisYear)).toBe(0);
    expect(await finishedIn(reader.uid, thisYear - 1)).toBe(1);
    expect(await communityIn(thisYear)).toBe(0);
    expect(await communityIn(thisYear - 1)).toBe(1);
  });

  it('a finish cannot be re-dated onto a day the book was already finished', async () => {
    const reader = await makeMember();
    await setShelf(reader, { bookId, shelf: 'read' });
    const [first] = await readThroughsOf(reader.uid);
    const day = `${thisYear - 1}-02-02`;
    await updateReading(reader, {
      action: 'dates',
      readThroughId: first!.id,
      startedOn: '',
      finishedOn: day,
    });
    await setShelf(reader, { bookId, shelf: 'reading' });
    const second = await updateReading(reader, { action: 'finish', bookId });
    const moved = await updateReading(reader, {
      action: 'dates',
      readThroughId: second.result!.id,
      startedOn: '',
      finishedOn: day,
    });
    expect(moved.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: READING_MESSAGES.sameDay });
    expect(await finishedIn(reader.uid, thisYear - 1)).toBe(1);
  });
});

describe('setReadingGoal', () => {
  it("sets this year's goal with the books already finished, changes and removes it", async () => {
    const reader = await makeMember();
    await setShelf(reader, { bookId, shelf: 'read' });
    expect((await setReadingGoal(reader, { goal: 24 })).result).toEqual({
      year: thisYear,
      goal: 24,
      finished: 1,
    });
    expect((await setReadingGoal(reader, { goal: 0 })).error?.status).toBe('INVALID_ARGUMENT');
    expect((await setReadingGoal(reader, { goal: 24, year: 2020 })).error?.status).toBe('INVALID_ARGUMENT');
    expect((await setReadingGoal(reader, { goal: null })).result?.goal).toBeNull();
    expect((await setReadingGoal(undefined, { goal: 3 })).error?.status).toBe('UNAUTHENTICATED');
  });
});

describe('removal', () => {
  it('a deleted book takes its read-throughs and their counts', async () => {
    const reader = await makeMember();
    await setShelf(reader, { bookId, shelf: 'read' });
    await db.doc(`books/${bookId}`).delete();
    await eventually(
      async () => (await readThroughsOf(reader.uid)).length,
      (n) => n === 0,
      30_000,
    );
    expect(await finishedIn(reader.uid, thisYear)).toBe(0);
    expect(await communityIn(thisYear)).toBe(0);
  }, 60_000);

  it("a deleted account's read-throughs and years go, and the community count with them", async () => {
    const reader = await makeMember();
    await setShelf(reader, { bookId, shelf: 'read' });
    await setReadingGoal(reader, { goal: 5 });
    await removeMemberShelves(db, reader.uid);
    expect(await readThroughsOf(reader.uid)).toHaveLength(0);
    expect((await db.collection('reading_years').where('user_id', '==', reader.uid).get()).size).toBe(0);
    expect(await communityIn(thisYear)).toBe(0);
  });
});
