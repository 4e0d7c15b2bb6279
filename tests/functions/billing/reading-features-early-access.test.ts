// Wave 4's early-access switches on the emulators (issue 51, item 8): each new
// feature's writes, by actor × switch position. 'off' refuses everyone with the
// feature message, 'premium' refuses a Free member and lets a Premium one in,
// 'everyone' lets both in; what a member already wrote can still be removed (an
// update, a shelf or a book on it, a goal) and exported with the switch off. The
// switches live in site_settings/main, which other files read: every test puts
// back what was there (the pattern of early-access.test.ts).
import type { DocumentData } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FEATURE_UNAVAILABLE_MESSAGE,
  type EarlyAccessFeature,
  type FeaturePosition,
} from '../../../src/domain/billing/early-access';
import type { AccountOverview } from '../../../src/domain/callables';
import type { EditCustomShelfResponse } from '../../../src/domain/shelves/custom-shelf';
import { importRow } from '../../shared/reading-import';
import { adminDb } from '../helpers/emulator';
import { bookData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const settingsRef = db.doc('site_settings/main');
let original: DocumentData | undefined;

beforeAll(async () => {
  original = (await settingsRef.get()).data();
});

afterEach(async () => {
  // Other tests read site_settings/main: put back what was there.
  if (original) await settingsRef.set(original);
  else await settingsRef.delete();
});

afterAll(async () => {
  if (original) await settingsRef.set(original);
  else await settingsRef.delete();
});

/** Sets one switch (every other at its default), or none with null. */
async function setSwitch(feature: EarlyAccessFeature | null, position?: FeaturePosition): Promise<void> {
  await settingsRef.set({ early_access: feature === null ? {} : { [feature]: position } }, { merge: false });
}

/** A Free member, or a Premium one (a grant by the site owner, as the seed gives). */
async function member(plan: 'free' | 'premium'): Promise<Member> {
  const made = await makeMember();
  if (plan === 'premium')
    await db.doc(`profiles/${made.uid}/private/billing`).set({ grant: { by: 'admin-uid', at: Date.now() } });
  return made;
}

interface Answer {
  error?: { status: string; message: string };
}
const refused = (answer: Answer) =>
  answer.error?.status === 'PERMISSION_DENIED' && answer.error.message === FEATURE_UNAVAILABLE_MESSAGE;

const POSITIONS: FeaturePosition[] = ['off', 'premium', 'everyone'];
const PLANS = ['free', 'premium'] as const;
/** Whether a member on `plan` may use a feature at `position`. */
const mayUse = (position: FeaturePosition, plan: 'free' | 'premium') =>
  position === 'everyone' || (position === 'premium' && plan === 'premium');

/** A public book by a fresh author, for shelving. */
async function publicBook(): Promise<string> {
  const author = await makeMember();
  return (
    await db
      .collection('books')
      .add(bookData(author.uid, { title: 'Tides', owner_public: true, is_public: true }))
  ).id;
}

/**
 * Runs `attempt` for a Free and a Premium member at each position of `feature`'s
 * switch (`prepare` runs first with every switch open) and checks who is refused.
 */
async function byActorAndSwitch(
  feature: EarlyAccessFeature,
  attempt: (who: Member, prepared: string) => Promise<Answer>,
  prepare: (who: Member) => Promise<string> = async () => '',
): Promise<void> {
  const seen: string[] = [];
  const expected: string[] = [];
  for (const position of POSITIONS)
    for (const plan of PLANS) {
      await setSwitch(null);
      const who = await member(plan);
      const prepared = await prepare(who);
      await setSwitch(feature, position);
      const answer = await attempt(who, prepared);
      seen.push(`${position}/${plan}: ${refused(answer) ? 'refused' : 'allowed'}`);
      expected.push(`${position}/${plan}: ${mayUse(position, plan) ? 'allowed' : 'refused'}`);
      // An allowed write is not refused for another reason either (unless the attempt expects one).
      if (mayUse(position, plan) && answer.error?.status !== 'NOT_FOUND')
        expect(answer.error, `${position}/${plan}`).toBeUndefined();
    }
  expect(seen).toEqual(expected);
}

describe('author_updates: postAuthorUpdate', () => {
  it('off refuses everyone, Premium members only refuses a Free member, everyone allows', async () => {
    await byActorAndSwitch('author_updates', (who) =>
      callAs('postAuthorUpdate', who, { title: 'A new chapter', body: 'Chapter nine is written.' }),
    );
  });

  it('with the switch off, the author can still delete an update they posted', async () => {
    await setSwitch(null);
    const author = await member('free');
    const posted = await callAs<{ id: string }>('postAuthorUpdate', author, {
      title: 'Soon',
      body: 'The sequel is coming.',
    });
    expect(posted.error).toBeUndefined();
    await setSwitch('author_updates', 'off');
    expect((await callAs('deleteAuthorUpdate', author, { id: posted.result!.id })).result).toEqual({
      id: posted.result!.id,
    });
    expect((await db.doc(`author_updates/${posted.result!.id}`).get()).exists).toBe(false);
  });
});

describe('custom_shelves: editCustomShelf and placeOnCustomShelf', () => {
  const shelfOf = async (who: Member) => {
    const made = await callAs<EditCustomShelfResponse>('editCustomShelf', who, {
      action: 'create',
      name: 'Beach',
    });
    return made.result!.shelves[0]!.id;
  };

  it('creating and renaming a shelf follow the switch', async () => {
    await byActorAndSwitch('custom_shelves', (who) =>
      callAs('editCustomShelf', who, { action: 'create', name: 'Owned' }),
    );
    await byActorAndSwitch(
      'custom_shelves',
      (who, shelfId) => callAs('editCustomShelf', who, { action: 'rename', shelfId, name: 'Pool' }),
      shelfOf,
    );
  });

  it('putting a book on a shelf follows the switch', async () => {
    const bookId = await publicBook();
    await byActorAndSwitch(
      'custom_shelves',
      (who, shelfId) => callAs('placeOnCustomShelf', who, { bookId, shelfId, on: true }),
      shelfOf,
    );
  });

  it('with the switch off, a member can still take a book off a shelf and delete the shelf', async () => {
    const bookId = await publicBook();
    await setSwitch(null);
    const reader = await member('free');
    const shelfId = await shelfOf(reader);
    expect((await callAs('placeOnCustomShelf', reader, { bookId, shelfId, on: true })).error).toBeUndefined();
    await setSwitch('custom_shelves', 'off');
    expect((await callAs('placeOnCustomShelf', reader, { bookId, shelfId, on: false })).result).toMatchObject(
      {
        on: false,
        book_count: 0,
      },
    );
    expect(
      (await callAs<EditCustomShelfResponse>('editCustomShelf', reader, { action: 'delete', shelfId })).result
        ?.shelves,
    ).toEqual([]);
  });

  it('stays behind the reviews switch too: reviews off refuses a shelf even with its own switch on everyone', async () => {
    const reader = await member('premium');
    await settingsRef.set({ early_access: { reviews: 'off', custom_shelves: 'everyone' } });
    expect(refused(await callAs('editCustomShelf', reader, { action: 'create', name: 'Owned' }))).toBe(true);
  });
});

describe('reading_journal: updateReading and setReadingGoal', () => {
  it('setting a goal follows the switch', async () => {
    await byActorAndSwitch('reading_journal', (who) => callAs('setReadingGoal', who, { goal: 12 }));
  });

  it('recording progress follows the switch', async () => {
    const bookId = await publicBook();
    await byActorAndSwitch(
      'reading_journal',
      (who) => callAs('updateReading', who, { action: 'progress', bookId, unit: 'percent', value: 10 }),
      async (who) => {
        const shelved = await callAs('setShelf', who, { bookId, shelf: 'reading' });
        expect(shelved.error).toBeUndefined();
        return '';
      },
    );
  });

  it('with the switch off, a member can still take their goal away', async () => {
    await setSwitch(null);
    const reader = await member('free');
    expect((await callAs('setReadingGoal', reader, { goal: 20 })).error).toBeUndefined();
    await setSwitch('reading_journal', 'off');
    expect(refused(await callAs('setReadingGoal', reader, { goal: 30 }))).toBe(true);
    expect((await callAs('setReadingGoal', reader, { goal: null })).result).toMatchObject({ goal: null });
  });
});

describe('reading_import: startReadingImport and addReadingImportRows', () => {
  const start = (who: Member) =>
    callAs('startReadingImport', who, {
      layout: 'goodreads',
      file_name: 'goodreads_library_export.csv',
      total: 1,
      problems: [],
      problem_count: 0,
    });

  it('starting an import follows the switch', async () => {
    await byActorAndSwitch('reading_import', (who) => start(who));
  });

  it('sending rows follows the switch (an import of nobody’s is then "No such import")', async () => {
    await byActorAndSwitch('reading_import', (who) =>
      callAs('addReadingImportRows', who, {
        import_id: 'no-such-import',
        chunk: 0,
        rows: [importRow({ row: 2, title: 'Tides', author: 'Someone' })],
      }),
    );
  });
});

describe('reading_export: exportReading', () => {
  it('follows the switch', async () => {
    const bookId = await publicBook();
    await byActorAndSwitch(
      'reading_export',
      (who) => callAs('exportReading', who, null),
      async (who) => {
        expect((await callAs('setShelf', who, { bookId, shelf: 'read' })).error).toBeUndefined();
        return '';
      },
    );
  });

  it('exports what exists with the shelves, the journal, custom shelves and the import all off', async () => {
    const bookId = await publicBook();
    await setSwitch(null);
    const reader = await member('free');
    expect((await callAs('setShelf', reader, { bookId, shelf: 'read' })).error).toBeUndefined();
    await settingsRef.set({
      early_access: { reviews: 'off', custom_shelves: 'off', reading_journal: 'off', reading_import: 'off' },
    });
    const exported = await callAs<{ rows: number; csv: string }>('exportReading', reader, null);
    expect(exported.result?.rows).toBe(1);
    expect(exported.result?.csv).toContain('Tides');
  });
});

describe('accountOverview: which /account tools show', () => {
  it('offers the import, the export and the waiting imported ratings only to a member who may use them', async () => {
    const free = await member('free');
    const premium = await member('premium');
    const features = async (who: Member) =>
      (await callAs<AccountOverview>('accountOverview', who, null)).result?.features;
    await setSwitch(null);
    expect(await features(free)).toEqual({ reading_import: true, reading_export: true, reviews: true });
    await settingsRef.set({
      early_access: { reading_import: 'premium', reading_export: 'off', reviews: 'premium' },
    });
    expect(await features(free)).toEqual({ reading_import: false, reading_export: false, reviews: false });
    expect(await features(premium)).toEqual({ reading_import: true, reading_export: false, reviews: true });
  });
});
