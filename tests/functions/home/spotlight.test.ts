// The Spotlight rotation step against the emulators: it reads the featured slots, the
// Premium members' public books and its state, and stores the day's choice. The step
// is called directly (the emulators run no schedules); the last test runs the publish
// task's work with a stand-in hook, to check it stores the day's books before the call.
// Every call here keeps its state (and the publish status) in documents of its own,
// because the featured_books writes here start real publish tasks that work on the
// site's own (site_meta/spotlight, site_meta/publish) at the same time.
import { beforeEach, describe, expect, it } from 'vitest';
import { runPublishTaskWithSpotlight } from '../../../functions/src/publish/publish-functions';
import { rotateSpotlight } from '../../../functions/src/home/rotation';
import { DEFAULT_PUBLISH_TIMING } from '../../../src/domain/publish/publish';
import { adminDb, clearFirestore, uniqueId } from '../helpers/emulator';
import { bookData, profileData } from '../helpers/factories';

const db = adminDb();
const DAY_1 = new Date('2031-05-01T09:00:00Z');
const DAY_1_LATER = new Date('2031-05-01T23:30:00Z');
const DAY_2 = new Date('2031-05-02T00:00:05Z');

let statePath: string;

async function member(uid: string, overrides: Record<string, unknown> = {}): Promise<void> {
  await db.doc(`profiles/${uid}`).set(profileData(uid, overrides));
}

/** A public book (active, of an approved and active member: what the visibility trigger writes). */
async function publicBook(id: string, uid: string): Promise<void> {
  await db.doc(`books/${id}`).set(bookData(uid, { title: id, is_public: true }));
}

async function hideBook(id: string): Promise<void> {
  await db.doc(`books/${id}`).update({ is_active: false, is_public: false });
}

async function feature(position: number, bookId: string): Promise<void> {
  await db.doc(`featured_books/${position}`).set({ book_id: bookId, position });
}

const rotate = (at: Date) => rotateSpotlight(db, at, statePath);

/**
 * Premium members ann (two public books and a hidden one), bob and cy (one each); a
 * free member whose books fill slots 1-9 and, hidden, slot 10; a Premium member still
 * pending approval. Slots 10 (its book hidden), 11 and 12 show nothing.
 */
beforeEach(async () => {
  await clearFirestore();
  statePath = `site_meta/${uniqueId('spotlight-test')}`;
  await Promise.all([
    member('ann', { subscription_status: 'premium' }),
    member('bob', { subscription_status: 'premium' }),
    member('cy', { subscription_status: 'premium' }),
    member('free', { subscription_status: 'free' }),
    member('pending', { subscription_status: 'premium', approval_status: 'pending' }),
  ]);
  await Promise.all([
    publicBook('ann-1', 'ann'),
    publicBook('ann-2', 'ann'),
    db.doc('books/ann-hidden').set(bookData('ann', { is_active: false, is_public: false })),
    publicBook('bob-1', 'bob'),
    publicBook('cy-1', 'cy'),
    db.doc('books/pending-1').set(bookData('pending', { is_public: false })),
    ...Array.from({ length: 9 }, (_, i) => publicBook(`free-${i + 1}`, 'free')),
    db.doc('books/free-hidden').set(bookData('free', { is_active: false, is_public: false })),
  ]);
  await Promise.all([
    ...Array.from({ length: 9 }, (_, i) => feature(i + 1, `free-${i + 1}`)),
    feature(10, 'free-hidden'),
  ]);
});

describe('rotateSpotlight', () => {
  it("fills the slots that show nothing with Premium members' public books, one per member, and stores the day", async () => {
    const result = await rotate(DAY_1);
    expect(result).toEqual({
      day: '2031-05-01',
      emptySlots: 3,
      picks: ['ann-1', 'bob-1', 'cy-1'],
      changed: true,
    });
    const state = (await db.doc(statePath).get()).data();
    expect(state).toMatchObject({ day: '2031-05-01', picks: ['ann-1', 'bob-1', 'cy-1'] });
    // The admins' entries are left as they were, the hidden book's included.
    expect((await db.doc('featured_books/10').get()).get('book_id')).toBe('free-hidden');
  });

  it('gives the same books when run again the same day, and writes nothing', async () => {
    const first = await rotate(DAY_1);
    const storedAt = (await db.doc(statePath).get()).updateTime!;
    const again = await rotate(DAY_1_LATER);
    expect(again).toEqual({ ...first, changed: false });
    expect((await db.doc(statePath).get()).updateTime!.isEqual(storedAt)).toBe(true);
  });

  it('shows the book the cycle has not shown first on the next day, then starts the next cycle', async () => {
    await rotate(DAY_1);
    const next = await rotate(DAY_2);
    expect(next.picks).toEqual(['ann-2', 'bob-1', 'cy-1']);
    expect(next.changed).toBe(true);
  });

  it('drops books that stopped being eligible at the next step, and tops up from the pool', async () => {
    await rotate(DAY_1);
    await db.doc('profiles/bob').update({ subscription_status: 'free' });
    await hideBook('ann-1');
    const after = await rotate(DAY_1_LATER);
    expect(after.picks).toEqual(['cy-1', 'ann-2']);
  });

  it('never takes a slot an admin fills, and tops up a slot an admin frees', async () => {
    await rotate(DAY_1);
    await feature(11, 'bob-1');
    const fewer = await rotate(DAY_1_LATER);
    expect(fewer).toMatchObject({ emptySlots: 2, picks: ['ann-1', 'cy-1'] });
    await db.doc('featured_books/11').delete();
    await db.doc('featured_books/9').delete();
    const more = await rotate(DAY_1_LATER);
    expect(more).toMatchObject({ emptySlots: 4, picks: ['ann-1', 'bob-1', 'cy-1', 'ann-2'] });
  });
});

describe('the publish pipeline', () => {
  it("stores the day's Spotlight before it calls the deploy hook, so the build finds it", async () => {
    // A status document of this test's own: the real publish tasks that this file's
    // featured_books writes start work on site_meta/publish and could take a pending
    // change of the real one first.
    const statusPath = `site_meta/${uniqueId('publish-test')}`;
    const past = new Date(Date.now() - 60_000);
    await db.doc(statusPath).set({
      state: 'queued',
      last_change_at: past,
      last_change: 'featured_books/9',
      pending_since: past,
      pending_reasons: ['featured_books/9'],
    });
    const atHookCall: Record<string, unknown>[] = [];
    const outcome = await runPublishTaskWithSpotlight(
      {
        firestore: db,
        timing: { ...DEFAULT_PUBLISH_TIMING, quietMs: 1, maxWaitMs: 1, attempts: 1 },
        now: () => DAY_1,
        sleep: async () => {},
        statusPath,
        spotlightPath: statePath,
      },
      async () => {
        atHookCall.push((await db.doc(statePath).get()).data() ?? {});
        return { ok: true, detail: 'HTTP 200' };
      },
    );
    expect(outcome).toBe('requested');
    expect(atHookCall).toHaveLength(1);
    expect(atHookCall[0]).toMatchObject({ day: '2031-05-01', picks: ['ann-1', 'bob-1', 'cy-1'] });
    expect((await db.doc(statusPath).get()).get('state')).toBe('requested');
  });
});
