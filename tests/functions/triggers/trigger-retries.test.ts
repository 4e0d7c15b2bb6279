// A collection trigger's failed handler, on the emulator's Firestore: it is
// recorded for the admins; one that asked for retries is kept with the change it
// saw (once per event, however often that event fails it) and queued; the retry
// runs that handler alone, counts a failed attempt, removes the record once it
// succeeds, and after the last attempt keeps the record marked and tells the admins.
// Records of its own; nothing here empties the shared project.
import { describe, expect, it } from 'vitest';
import type { DocChange, Handler } from '../../../functions/src/shared/collection-trigger';
import {
  TRIGGER_RETRIES,
  keepFailedHandler,
  retryId,
  runKeptHandler,
} from '../../../functions/src/triggers/handler-retries';
import { adminDb, uniqueId } from '../helpers/emulator';

const db = adminDb();

const changeOf = (id: string): DocChange => ({
  id,
  eventId: uniqueId('event'),
  time: new Date('2026-12-06T10:00:00Z'),
  before: { is_public: true },
  after: { is_public: false, title: 'Hidden Now' },
});

async function failuresAbout(document: string) {
  const snap = await db.collection('server_failures').where('kind', '==', 'trigger-handler').get();
  return snap.docs.filter((doc) => doc.get('context.document') === document).map((doc) => doc.data());
}

describe('a failed trigger handler', () => {
  it('one that asked for retries is kept once per event, queued, and run alone until it succeeds', async () => {
    const bookId = uniqueId('book');
    const change = changeOf(bookId);
    const queued: string[] = [];
    const keep = keepFailedHandler(
      () => db,
      async (id) => {
        queued.push(id);
      },
    );
    let calls = 0;
    const seen: DocChange[] = [];
    const flaky: Handler = {
      name: 'readers of the book',
      retry: true,
      run: async (c) => {
        calls += 1;
        seen.push(c);
        if (calls < 3) throw new Error(`not yet (${calls})`);
      },
    };
    await keep('books', flaky, change, new Error('first failure'));
    // The same event failing the handler again keeps one record and one retry.
    await keep('books', flaky, change, new Error('first failure'));
    const id = retryId('books', flaky.name, change.eventId);
    expect(queued).toEqual([id]);
    const record = await db.collection(TRIGGER_RETRIES).doc(id).get();
    expect(record.data()).toMatchObject({
      collection: 'books',
      handler: 'readers of the book',
      document_id: bookId,
      after: { is_public: false, title: 'Hidden Now' },
      attempts: 0,
      status: 'waiting',
    });
    expect((await failuresAbout(bookId)).length).toBeGreaterThan(0);

    const handlerOf = (collection: string, name: string) =>
      collection === 'books' && name === flaky.name ? flaky : undefined;
    await expect(runKeptHandler(db, id, handlerOf, false)).rejects.toThrow('not yet (1)');
    await expect(runKeptHandler(db, id, handlerOf, false)).rejects.toThrow('not yet (2)');
    expect((await db.collection(TRIGGER_RETRIES).doc(id).get()).get('attempts')).toBe(2);
    expect(await runKeptHandler(db, id, handlerOf, false)).toBe('done');
    expect((await db.collection(TRIGGER_RETRIES).doc(id).get()).exists).toBe(false);
    // Each retry saw the change as the failed run did.
    expect(seen.map((c) => [c.id, c.after?.title, c.before?.is_public])).toEqual([
      [bookId, 'Hidden Now', true],
      [bookId, 'Hidden Now', true],
      [bookId, 'Hidden Now', true],
    ]);
    // A retry of a record already done does nothing.
    expect(await runKeptHandler(db, id, handlerOf, false)).toBe('gone');
  });

  it('after the last attempt the record stays, marked, and the admins are told', async () => {
    const bookId = uniqueId('book');
    const change = changeOf(bookId);
    const broken: Handler = {
      name: 'reviews of a deleted book',
      retry: true,
      run: async () => {
        throw new Error('still broken');
      },
    };
    await keepFailedHandler(
      () => db,
      async () => {},
    )('books', broken, change, new Error('first'));
    const id = retryId('books', broken.name, change.eventId);
    expect(await runKeptHandler(db, id, () => broken, true)).toBe('gave-up');
    expect((await db.collection(TRIGGER_RETRIES).doc(id).get()).get('status')).toBe('gave_up');
    const told = await failuresAbout(bookId);
    expect(told.some((failure) => String(failure.context?.retry).startsWith('gave up after 1'))).toBe(true);
  });

  it('one that asked for none is recorded for the admins and kept for nothing', async () => {
    const bookId = uniqueId('book');
    const change = changeOf(bookId);
    const queued: string[] = [];
    const search: Handler = {
      name: 'search',
      run: async () => {
        throw new Error('index down');
      },
    };
    await keepFailedHandler(
      () => db,
      async (id) => {
        queued.push(id);
      },
    )('books', search, change, new Error('index down'));
    expect(queued).toEqual([]);
    expect(
      (
        await db
          .collection(TRIGGER_RETRIES)
          .doc(retryId('books', 'search', change.eventId))
          .get()
      ).exists,
    ).toBe(false);
    expect((await failuresAbout(bookId)).map((failure) => failure.message)).toEqual(['index down']);
  });
});
