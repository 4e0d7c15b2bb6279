// profiles.search_keywords and sort_name follow the profile, through the profiles trigger's profileDirectoryFields handler.
import { beforeEach, describe, expect, it } from 'vitest';
import { directoryFields } from '../../../src/domain/accounts/directory';
import { adminDb, afterSentinel, clearFirestore, eventually, uniqueId } from '../helpers/emulator';
import { profileData } from '../helpers/factories';

const db = adminDb();

async function storedFields(
  uid: string,
): Promise<{ search_keywords?: unknown; sort_name?: unknown; updated_at?: unknown }> {
  const snap = await db.doc(`profiles/${uid}`).get();
  return {
    search_keywords: snap.get('search_keywords'),
    sort_name: snap.get('sort_name'),
    updated_at: snap.get('updated_at'),
  };
}

/**
 * The sentinel for "wrote nothing": a new profile the trigger must give its
 * fields. Once it has them, the trigger has handled the writes made before it.
 */
async function directoryFieldsOfAnotherProfile(): Promise<void> {
  const other = uniqueId('sentinel');
  const source = { display_name: 'Sentinel Sam', category: 'Book Author', about_me: null };
  await afterSentinel(
    () => db.doc(`profiles/${other}`).set(profileData(other, { display_name: source.display_name })),
    () => storedFields(other),
    (fields) => fields.sort_name === directoryFields(source).sort_name,
  );
}

/** Waits until the profile carries the fields derived from `source`. */
async function expectFieldsFor(
  uid: string,
  source: { display_name: string; category: string | null; about_me: string | null },
): Promise<void> {
  const wanted = directoryFields(source);
  const done = (fields: Awaited<ReturnType<typeof storedFields>>) =>
    fields.sort_name === wanted.sort_name &&
    JSON.stringify(fields.search_keywords) === JSON.stringify(wanted.search_keywords);
  await eventually(() => storedFields(uid), done);
}

describe('profileDirectoryFields handler', () => {
  let uid: string;

  beforeEach(async () => {
    await clearFirestore();
    uid = uniqueId('member');
  });

  it('fills the fields of a new profile (as sign-up creates it, without them)', async () => {
    await db
      .doc(`profiles/${uid}`)
      .set(profileData(uid, { display_name: 'Zoë Hart', category: 'Publisher', about_me: 'Crime novels' }));
    await expectFieldsFor(uid, { display_name: 'Zoë Hart', category: 'Publisher', about_me: 'Crime novels' });
    const fields = await storedFields(uid);
    expect(fields.sort_name).toBe('zoe hart');
    expect(fields.search_keywords).toEqual(
      expect.arrayContaining(['zo', 'zoe', 'hart', 'publisher', 'crime']),
    );
  });

  it('follows a rename, a new category and new about text', async () => {
    await db.doc(`profiles/${uid}`).set(profileData(uid, { display_name: 'Ann Lee', about_me: null }));
    await expectFieldsFor(uid, { display_name: 'Ann Lee', category: 'Book Author', about_me: null });

    await db
      .doc(`profiles/${uid}`)
      .update({ display_name: 'Ann Zeller', category: 'Book Lover/Marketer', about_me: 'Reviews thrillers' });
    await expectFieldsFor(uid, {
      display_name: 'Ann Zeller',
      category: 'Book Lover/Marketer',
      about_me: 'Reviews thrillers',
    });
    expect((await storedFields(uid)).search_keywords).not.toContain('lee');
  });

  it('repairs fields someone overwrote', async () => {
    await db.doc(`profiles/${uid}`).set(profileData(uid, { display_name: 'Bo Dahl' }));
    await expectFieldsFor(uid, { display_name: 'Bo Dahl', category: 'Book Author', about_me: null });
    await db.doc(`profiles/${uid}`).update({ sort_name: 'aaa', search_keywords: ['admin'] });
    await expectFieldsFor(uid, { display_name: 'Bo Dahl', category: 'Book Author', about_me: null });
  });

  it('writes nothing when the source fields did not change, so it does not loop', async () => {
    await db.doc(`profiles/${uid}`).set(profileData(uid, { display_name: 'Cy Young' }));
    await expectFieldsFor(uid, { display_name: 'Cy Young', category: 'Book Author', about_me: null });
    const updateTime = async () => {
      const time = (await db.doc(`profiles/${uid}`).get()).updateTime;
      if (time === undefined) throw new Error('profile missing');
      return time;
    };
    const settled = await updateTime();

    // A write that does not touch name, category or about text (book_count, as the bookCount handler writes it).
    await db.doc(`profiles/${uid}`).update({ book_count: 3 });
    const afterOwnWrite = await updateTime();
    expect(afterOwnWrite.isEqual(settled)).toBe(false);
    await directoryFieldsOfAnotherProfile();
    expect((await updateTime()).isEqual(afterOwnWrite)).toBe(true);
  });

  it('leaves a deleted profile deleted', async () => {
    await db.doc(`profiles/${uid}`).set(profileData(uid));
    await expectFieldsFor(uid, { display_name: `Author ${uid}`, category: 'Book Author', about_me: null });
    await db.doc(`profiles/${uid}`).delete();
    await directoryFieldsOfAnotherProfile();
    expect((await db.doc(`profiles/${uid}`).get()).exists).toBe(false);
  });
});
