// Release dates against the emulators: a preorder alerts its instant followers
// once ("coming on …"), and every follower once on its date ("out now"), even
// when the out-now job runs twice or twice at once; an edited date moves the
// out-now, a deleted book cancels it; a backlist book alerts nobody at once and
// is listed in the weekly digest under "Also new on …"; a book without a date,
// or with a recent one, alerts as before. The real triggers run too (the books
// handler keeps the out-now date in step); the follows switch is off so that
// only the test releases books, with deps whose clock it sets.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { sendWeeklyDigests } from '../../../functions/src/follows/digest';
import { claimOutNow, releaseDueOutNow, rescheduleOutNow } from '../../../functions/src/follows/out-now';
import {
  deliverAlertBatch,
  releaseBook,
  type AlertDeps,
  type AlertRound,
} from '../../../functions/src/follows/release-alerts';
import type { Mail } from '../../../functions/src/mail/send-mail';
import { emailHash } from '../../../src/data/server/shared/email-hash';
import { emailFollowId } from '../../../src/domain/follows/follows';
import { adminDb, clearFirestore, eventually, retryLostRace, uniqueId } from '../helpers/emulator';
import { fakeMailDeps } from '../helpers/mail-deps';
import { bookData } from '../helpers/factories';

beforeEach(async () => {
  await clearFirestore();
  await adminDb()
    .doc('site_settings/main')
    .set({ early_access: { follows: 'off' } });
});

/** Deps with a clock the test sets, recording mails and queued batches instead of sending them. */
function fakeDeps(start: string) {
  const mailed: Mail[] = [];
  const queued: { bookId: string; batch: string; round: AlertRound }[] = [];
  const clock = { now: new Date(start) };
  const deps: AlertDeps = {
    ...fakeMailDeps(mailed),
    enqueueBatch: async (bookId, batch, _due, round) => void queued.push({ bookId, batch, round }),
    now: () => clock.now,
  };
  /** Delivers every queued batch of `bookId` (twice each: a duplicated task sends nothing more). */
  const deliverAll = async (bookId: string) => {
    for (const { batch, round } of queued.filter((q) => q.bookId === bookId)) {
      await deliverAlertBatch(deps, bookId, batch, round);
      await deliverAlertBatch(deps, bookId, batch, round);
    }
  };
  return { deps, mailed, queued, clock, deliverAll };
}

/** An author with two instant and one weekly email follower, and a public book of theirs dated `date`. */
async function preorderSetup(date: string | null, title = `Book ${uniqueId('t')}`) {
  const db = adminDb();
  const author = uniqueId('author');
  const follow = async (email: string, mode: 'instant' | 'weekly') => {
    const id = emailFollowId(author, emailHash(email));
    await db.doc(`follows/${id}`).set({
      author_uid: author,
      follower: { kind: 'email', email },
      mode,
      created_at: Timestamp.now(),
    });
  };
  const instant = [`i1-${author}@example.com`, `i2-${author}@example.com`];
  const weekly = `w-${author}@example.com`;
  for (const email of instant) await follow(email, 'instant');
  await follow(weekly, 'weekly');
  const bookId = uniqueId('book');
  await db.doc(`books/${bookId}`).set(
    bookData(author, {
      title,
      is_public: true,
      owner_public: true,
      author: { display_name: 'Pia Author' },
      ...(date ? { publication_date: date } : {}),
    }),
  );
  return { author, bookId, title, instant, weekly };
}

const to = (mails: readonly Mail[], address: string) => mails.filter((m) => m.to === address);
const marker = async (bookId: string) => (await adminDb().doc(`book_alerts/${bookId}`).get()).data() ?? {};

describe('a preorder', () => {
  it('with the preorders switch off, is released as a new book: one alert now, no out-now round', async () => {
    // The beforeEach sets site_settings/main again for the next test.
    await adminDb()
      .doc('site_settings/main')
      .set({ early_access: { follows: 'off', preorders: 'off' } });
    const { bookId, instant } = await preorderSetup('2027-03-18');
    const { deps, mailed, deliverAll } = fakeDeps('2026-11-23T09:00:00Z');
    expect(await releaseBook(deps, bookId)).toEqual({ released: true, recipientCount: 2, kind: 'new' });
    await deliverAll(bookId);
    expect(mailed.map((m) => m.to).sort()).toEqual([...instant].sort());
    for (const mail of mailed) expect(mail.subject).not.toContain('preorder');
    const stored = await marker(bookId);
    expect(stored.kind).toBe('new');
    expect(stored.out_now_due).toBeUndefined();
  });

  it('alerts its instant followers once when first made public, saying when it comes out', async () => {
    const { bookId, title, instant, weekly } = await preorderSetup('2027-03-18');
    const { deps, mailed, deliverAll } = fakeDeps('2026-11-23T09:00:00Z');
    expect(await releaseBook(deps, bookId)).toEqual({ released: true, recipientCount: 2, kind: 'preorder' });
    expect(await releaseBook(deps, bookId)).toEqual({ released: false, recipientCount: 2 });
    await deliverAll(bookId);
    expect(mailed.map((m) => m.to).sort()).toEqual([...instant].sort());
    for (const mail of mailed) {
      expect(mail.subject).toBe(`${title} by Pia Author is coming on 18 March 2027: preorder now`);
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
    expect(to(mailed, weekly)).toHaveLength(0);
    expect(await marker(bookId)).toMatchObject({ kind: 'preorder', out_now_due: '2027-03-18' });
  });

  it('every follower gets one "out now" on its date, even when the job runs twice, and twice at once', async () => {
    const { bookId, title, instant, weekly } = await preorderSetup('2027-03-18');
    const { deps, mailed, clock, deliverAll } = fakeDeps('2026-11-23T09:00:00Z');
    await releaseBook(deps, bookId);
    await deliverAll(bookId);
    mailed.length = 0;

    // The day before: nothing is due.
    clock.now = new Date('2027-03-17T23:00:00Z');
    expect((await releaseDueOutNow(deps)).claimed).toBe(0);
    expect(await claimOutNow(deps, bookId)).toBe('waiting');

    // The day: two runs at once claim it once.
    clock.now = new Date('2027-03-18T09:00:00Z');
    const claims = await Promise.all([
      retryLostRace(() => claimOutNow(deps, bookId)),
      retryLostRace(() => claimOutNow(deps, bookId)),
    ]);
    expect(claims.sort()).toEqual(['claimed', 'done']);
    await deliverAll(bookId);
    // A later run that day finds nothing more.
    clock.now = new Date('2027-03-18T10:00:00Z');
    expect(await releaseDueOutNow(deps)).toMatchObject({ claimed: 0, requeued: 0 });
    await deliverAll(bookId);

    expect(mailed.map((m) => m.to).sort()).toEqual([...instant, weekly].sort());
    for (const mail of mailed) expect(mail.subject).toBe(`${title} by Pia Author is out now`);
    expect(await marker(bookId)).toMatchObject({ out_now_recipient_count: 3, out_now_batches_done: 1 });
    expect((await marker(bookId)).out_now_due).toBeUndefined();
    expect((await marker(bookId)).out_now_completed_at).toBeInstanceOf(Timestamp);

    // An edit after the day changes nothing sent.
    await adminDb().doc(`books/${bookId}`).update({ publication_date: '2027-05-01' });
    expect(await rescheduleOutNow(deps, bookId, { publication_date: '2027-05-01' })).toBe('none');
    clock.now = new Date('2027-05-01T09:00:00Z');
    expect((await releaseDueOutNow(deps)).claimed).toBe(0);
    expect(mailed).toHaveLength(3);
  });

  it('a claim whose batches were never queued (the run died) is queued by the next run', async () => {
    const { bookId, weekly } = await preorderSetup('2027-03-18');
    const { deps, mailed, queued, clock, deliverAll } = fakeDeps('2026-11-23T09:00:00Z');
    await releaseBook(deps, bookId);
    clock.now = new Date('2027-03-18T09:00:00Z');
    let dying = true;
    const dyingDeps: AlertDeps = {
      ...deps,
      enqueueBatch: async (...args) => {
        if (dying) throw new Error('Cloud Tasks unavailable');
        await deps.enqueueBatch(...args);
      },
    };
    await expect(claimOutNow(dyingDeps, bookId)).rejects.toThrow(/Cloud Tasks unavailable/);
    dying = false;
    expect(await releaseDueOutNow(deps)).toMatchObject({ requeued: 1, claimed: 0 });
    expect(queued.filter((q) => q.round === 'out_now')).toHaveLength(1);
    mailed.length = 0;
    await deliverAll(bookId);
    expect(to(mailed, weekly).map((m) => m.subject)).toEqual([expect.stringMatching(/is out now$/)]);
  });

  it('a date edited before the release moves the out-now: one mail each, on the new date', async () => {
    const { bookId, instant, weekly } = await preorderSetup('2027-03-18');
    const { deps, mailed, clock, deliverAll } = fakeDeps('2026-11-23T09:00:00Z');
    await releaseBook(deps, bookId);
    await deliverAll(bookId);
    mailed.length = 0;

    await adminDb().doc(`books/${bookId}`).update({ publication_date: '2027-04-02' });
    // The books handler moves it (the trigger runs in the emulator); the call here does what it does.
    await rescheduleOutNow(deps, bookId, { publication_date: '2027-04-02' });
    await eventually(
      async () => (await marker(bookId)).out_now_due,
      (due) => due === '2027-04-02',
    );
    clock.now = new Date('2027-03-18T09:00:00Z');
    expect((await releaseDueOutNow(deps)).claimed).toBe(0);
    // Even a marker that still said the old date is checked against the book before anything is sent.
    await adminDb().doc(`book_alerts/${bookId}`).update({ out_now_due: '2027-03-18' });
    expect(['moved', 'waiting']).toContain(await claimOutNow(deps, bookId));
    await deliverAll(bookId);
    expect(mailed).toHaveLength(0);

    clock.now = new Date('2027-04-02T09:00:00Z');
    expect((await releaseDueOutNow(deps)).claimed).toBe(1);
    expect((await releaseDueOutNow(deps)).claimed).toBe(0);
    await deliverAll(bookId);
    expect(mailed.map((m) => m.to).sort()).toEqual([...instant, weekly].sort());
  });

  it('a deleted book cancels its out-now and mails nobody; one deleted after the claim mails nobody either', async () => {
    const gone = await preorderSetup('2027-03-18');
    const later = await preorderSetup('2027-03-18');
    const { deps, mailed, clock, deliverAll } = fakeDeps('2026-11-23T09:00:00Z');
    await releaseBook(deps, gone.bookId);
    await releaseBook(deps, later.bookId);
    await deliverAll(gone.bookId);
    await deliverAll(later.bookId);
    mailed.length = 0;

    await adminDb().doc(`books/${gone.bookId}`).delete();
    await rescheduleOutNow(deps, gone.bookId, undefined);
    expect((await marker(gone.bookId)).out_now_due).toBeUndefined();
    expect((await marker(gone.bookId)).out_now_cancelled_at).toBeInstanceOf(Timestamp);

    clock.now = new Date('2027-03-18T09:00:00Z');
    expect(await claimOutNow(deps, gone.bookId)).toBe('done');
    expect(await claimOutNow(deps, later.bookId)).toBe('claimed');
    // Deleted between the claim and its batches: the batch finds no book and mails nobody.
    await adminDb().doc(`books/${later.bookId}`).delete();
    await deliverAll(gone.bookId);
    await deliverAll(later.bookId);
    expect(mailed).toHaveLength(0);
    expect((await marker(later.bookId)).out_now_completed_at).toBeInstanceOf(Timestamp);
  });
});

describe('a backlist book', () => {
  it('alerts nobody at once, and the digest lists it under "Also new on" for its instant and weekly followers', async () => {
    const { bookId, title, instant, weekly } = await preorderSetup('2020-05-01');
    const recent = await preorderSetup('2031-05-20', 'Recent Book');
    // The recent book's author is another; follow them weekly too, so the digest has both sections for that follower.
    const { deps, mailed, queued, clock } = fakeDeps('2031-06-01T09:00:00Z');
    expect(await releaseBook(deps, bookId)).toEqual({ released: true, recipientCount: 0, kind: 'backlist' });
    expect(queued).toHaveLength(0);
    expect(await marker(bookId)).toMatchObject({ kind: 'backlist', batch_count: 0 });
    expect(await releaseBook(deps, recent.bookId)).toMatchObject({ kind: 'new' });

    clock.now = new Date('2031-06-02T08:00:00Z');
    await sendWeeklyDigests(deps);
    for (const address of [...instant, weekly]) {
      const [digest, ...more] = to(mailed, address);
      expect(more).toHaveLength(0);
      expect(digest?.text).toContain('Also new on Shelfmark:');
      expect(digest?.text).toContain(title);
      expect(digest?.text).toContain('have added a book to Shelfmark this week');
    }
    // The recent book's weekly follower has it as new, with no backlist heading; its instant followers no digest.
    expect(to(mailed, recent.weekly)[0]?.text).not.toContain('Also new on');
    expect(to(mailed, recent.weekly)[0]?.text).toContain('Recent Book');
    for (const address of recent.instant) expect(to(mailed, address)).toHaveLength(0);
  });
});

describe('a book with no date, or a recent one', () => {
  it('alerts its instant followers at once, as before', async () => {
    const undated = await preorderSetup(null);
    const recent = await preorderSetup('2026-10-01');
    const { deps, mailed, deliverAll } = fakeDeps('2026-11-23T09:00:00Z');
    expect(await releaseBook(deps, undated.bookId)).toMatchObject({ released: true, kind: 'new' });
    expect(await releaseBook(deps, recent.bookId)).toMatchObject({ released: true, kind: 'new' });
    await deliverAll(undated.bookId);
    await deliverAll(recent.bookId);
    expect(mailed.map((m) => m.subject).sort()).toEqual(
      [
        ...undated.instant.map(() => `New from Pia Author: ${undated.title}`),
        ...recent.instant.map(() => `New from Pia Author: ${recent.title}`),
      ].sort(),
    );
    expect((await marker(undated.bookId)).out_now_due).toBeUndefined();
  });
});
