// deleteAccount on the emulators: who may delete, everything the member had is
// gone, and a deletion that crashed midway is finished later without the member.
import { beforeEach, describe, expect, it } from 'vitest';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACCOUNT_DELETION_STEPS,
  DELETE_NOT_ALLOWED_MESSAGE,
  STALE_DELETION_MS,
} from '../../../src/domain/accounts/account-deletion';
import { localMediaRoot, localMediaStore, type MediaStore } from '../../../src/data/server/media/media-store';
import {
  finishDeletion,
  finishStaleDeletions,
  recordDeletion,
} from '../../../functions/src/members/delete-account';
import { adminDb, afterSentinel, clearFirestore, eventually, uniqueId } from '../helpers/emulator';
import { stepsBefore } from '../../shared/account-deletion';
import { bookData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const auth = getAuth(getApps()[0]);
const store = () => localMediaStore(localMediaRoot());

function deleteAccount(caller: Member | undefined, userId: string) {
  return callAs<{ deleted: true }>('deleteAccount', caller, { userId });
}

/** Gives `uid` one of everything deleteAccount removes; returns the paths to check. */
async function seedContent(uid: string) {
  const retired = `${uid.toLowerCase()}-old`;
  const current = (await db.doc(`profiles/${uid}`).get()).get('page_slug') as string;
  await db.doc(`page_slugs/${current}`).set({ uid, claimed_at: Timestamp.now() });
  await db
    .doc(`page_slugs/${retired}`)
    .set({ uid, claimed_at: Timestamp.now(), retired_at: Timestamp.now() });
  await db.doc(`profiles/${uid}/private/notifications`).set({ approval_status_notified: 'approved' });
  const featuredBook = await db.collection('books').add(bookData(uid, { title: 'Featured' }));
  const plainBook = await db.collection('books').add(bookData(uid, { title: 'Plain' }));
  const product = await db
    .collection('products_services')
    .add({ user_id: uid, name: 'Editing', created_at: Timestamp.now() });
  const ad = await db
    .collection('classified_ads')
    .add({ user_id: uid, title: 'Selling', created_at: Timestamp.now() });
  await ad.collection('private').doc('contact').set({ contact_info: 'seller@example.com' });
  await db.doc('featured_profiles/2').set({ user_id: uid, position: 2, created_at: Timestamp.now() });
  await db
    .doc('featured_books/5')
    .set({ book_id: featuredBook.id, position: 5, created_at: Timestamp.now() });
  await store().put(`${uid}/profile-images/abc/w640.webp`, Buffer.from('webp'), 'image/webp');
  await db.doc(`media_uploads/abc-${uid}`).set(uploadRecord(uid, `abc-${uid}`));
  await db.doc(`media_usage/${uid}`).set({ bytes: 4, attempts: [Date.now()] });
  return {
    docs: [
      `profiles/${uid}`,
      `profiles/${uid}/private/notifications`,
      `page_slugs/${current}`,
      `page_slugs/${retired}`,
      `books/${featuredBook.id}`,
      `books/${plainBook.id}`,
      `products_services/${product.id}`,
      `classified_ads/${ad.id}`,
      `classified_ads/${ad.id}/private/contact`,
      'featured_profiles/2',
      'featured_books/5',
      `media_uploads/abc-${uid}`,
      `media_usage/${uid}`,
    ],
    mediaFolder: join(localMediaRoot(), uid),
  };
}

/** The record the upload endpoint keeps of a stored upload (src/data/server/media/media-uploads.ts). */
function uploadRecord(uid: string, uploadId: string) {
  const folder = `${uid}/profile-images/${uploadId}`;
  return {
    owner_uid: uid,
    uploaded_by: uid,
    kind: 'profile-images',
    folder,
    url: `/media/${folder}/w640.webp`,
    bytes: 4,
    status: 'stored',
    created_at: Timestamp.now(),
  };
}

async function existing(paths: string[]): Promise<string[]> {
  const found = await Promise.all(
    paths.map(async (path) => ((await db.doc(path).get()).exists ? path : null)),
  );
  return found.filter((path): path is string => path !== null);
}

async function authUserExists(uid: string): Promise<boolean> {
  return auth.getUser(uid).then(
    () => true,
    () => false,
  );
}

beforeEach(async () => {
  await clearFirestore();
});

describe('deleteAccount', () => {
  it('a member deletes their own account and everything in it, their uploads’ files and records included', async () => {
    const member = await makeMember();
    const bystander = await makeMember();
    const theirs = await seedContent(member.uid);
    const keptBook = await db.collection('books').add(bookData(bystander.uid));
    await db
      .doc('featured_profiles/3')
      .set({ user_id: bystander.uid, position: 3, created_at: Timestamp.now() });
    await db.doc('featured_books/6').set({ book_id: keptBook.id, position: 6, created_at: Timestamp.now() });
    await store().put(`${bystander.uid}/profile-images/keep/w640.webp`, Buffer.from('webp'), 'image/webp');
    await db.doc('media_uploads/keep').set(uploadRecord(bystander.uid, 'keep'));
    await db.doc(`media_usage/${bystander.uid}`).set({ bytes: 4, attempts: [] });

    const answer = await deleteAccount(member, member.uid);
    expect(answer).toMatchObject({ status: 200, result: { deleted: true } });

    expect(await authUserExists(member.uid)).toBe(false);
    expect(await existing(theirs.docs)).toEqual([]);
    expect(existsSync(theirs.mediaFolder)).toBe(false);
    const job = (await db.doc(`account_deletions/${member.uid}`).get()).data();
    expect(job).toMatchObject({
      uid: member.uid,
      requested_by: member.uid,
      steps_done: [...ACCOUNT_DELETION_STEPS],
      completed_at: expect.any(Timestamp),
    });

    // The other member keeps everything that is theirs.
    expect(await authUserExists(bystander.uid)).toBe(true);
    const keptDocs = [
      `profiles/${bystander.uid}`,
      `books/${keptBook.id}`,
      'featured_profiles/3',
      'featured_books/6',
      'media_uploads/keep',
      `media_usage/${bystander.uid}`,
    ];
    expect(await existing(keptDocs)).toEqual(keptDocs);
    expect(existsSync(join(localMediaRoot(), bystander.uid, 'profile-images', 'keep', 'w640.webp'))).toBe(
      true,
    );
  });

  it('is idempotent: calling again after it finished answers deleted', async () => {
    const admin = await makeMember({ admin: true });
    const member = await makeMember();
    expect((await deleteAccount(admin, member.uid)).result).toEqual({ deleted: true });
    expect((await deleteAccount(admin, member.uid)).result).toEqual({ deleted: true });
  });

  it('an admin deletes another member’s account', async () => {
    const admin = await makeMember({ admin: true });
    const member = await makeMember();
    const theirs = await seedContent(member.uid);

    expect((await deleteAccount(admin, member.uid)).result).toEqual({ deleted: true });
    expect(await authUserExists(member.uid)).toBe(false);
    expect(await existing(theirs.docs)).toEqual([]);
    expect((await db.doc(`account_deletions/${member.uid}`).get()).get('requested_by')).toBe(admin.uid);
    expect(await authUserExists(admin.uid)).toBe(true);
  });

  it('another member may not delete an account, nor may a signed-out caller', async () => {
    const other = await makeMember();
    const member = await makeMember();
    const theirs = await seedContent(member.uid);

    expect((await deleteAccount(other, member.uid)).error).toEqual({
      status: 'PERMISSION_DENIED',
      message: DELETE_NOT_ALLOWED_MESSAGE,
    });
    expect((await deleteAccount(undefined, member.uid)).error?.status).toBe('UNAUTHENTICATED');
    expect(await authUserExists(member.uid)).toBe(true);
    expect(await existing(theirs.docs)).toEqual(theirs.docs);
    expect(existsSync(theirs.mediaFolder)).toBe(true);
    expect((await db.doc(`account_deletions/${member.uid}`).get()).exists).toBe(false);
  });

  it('refuses a user id that would point into another path, even for an admin', async () => {
    const admin = await makeMember({ admin: true });
    const member = await makeMember();
    const answer = await deleteAccount(admin, `${member.uid}/profile-images`);
    expect(answer.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'UserId: not a user id' });
    expect(await authUserExists(member.uid)).toBe(true);
  });
});

describe('deleteAccount after a crash midway', () => {
  /** A store whose removal fails, as a crash or outage in the media step would. */
  const brokenStore: MediaStore = {
    ...store(),
    removeFolder: () => Promise.reject(new Error('simulated crash')),
  };

  async function crashedDeletion() {
    const member = await makeMember();
    const theirs = await seedContent(member.uid);
    await recordDeletion(db, member.uid, member.uid);
    await expect(finishDeletion(db, member.uid, brokenStore)).rejects.toThrow('simulated crash');
    // The Auth user, profile, slugs, books, products and ads are gone; media (files and records) and featured slots remain.
    expect(await authUserExists(member.uid)).toBe(false);
    expect((await db.doc(`account_deletions/${member.uid}`).get()).get('steps_done')).toEqual(
      stepsBefore('media'),
    );
    expect(await existing(theirs.docs)).toEqual([
      'featured_profiles/2',
      'featured_books/5',
      `media_uploads/abc-${member.uid}`,
      `media_usage/${member.uid}`,
    ]);
    expect(existsSync(theirs.mediaFolder)).toBe(true);
    return { member, theirs };
  }

  it('an admin calling again finishes the job', async () => {
    const { member, theirs } = await crashedDeletion();
    const admin = await makeMember({ admin: true });
    expect((await deleteAccount(admin, member.uid)).result).toEqual({ deleted: true });
    expect(await existing(theirs.docs)).toEqual([]);
    expect(existsSync(theirs.mediaFolder)).toBe(false);
    expect((await db.doc(`account_deletions/${member.uid}`).get()).get('requested_by')).toBe(member.uid);
  });

  /**
   * Waits until the Auth deletion trigger has handled every Auth user deleted before,
   * by earlier tests too: one whose job was emptied away by clearFirestore gets a job
   * of its own from the trigger, which the sweep would rightly count as well. The
   * trigger takes deletions in order, so once a sentinel user's job is complete the
   * earlier ones have started, and then no open job may remain.
   */
  async function authDeletionsSettled() {
    const sentinel = await auth.createUser({ uid: uniqueId('sentinel') });
    const job = db.doc(`account_deletions/${sentinel.uid}`);
    await afterSentinel(
      () => auth.deleteUser(sentinel.uid),
      () => job.get(),
      (snap) => snap.get('completed_at') instanceof Timestamp,
    );
    await job.delete();
    await eventually(
      async () => (await db.collection('account_deletions').where('completed_at', '==', null).get()).size,
      (open) => open === 0,
    );
  }

  it('the scheduled sweep finishes it once it has stopped moving, without anyone calling', async () => {
    await authDeletionsSettled();
    const { member, theirs } = await crashedDeletion();
    expect(await finishStaleDeletions(db, Date.now(), store())).toEqual([]);
    expect(await finishStaleDeletions(db, Date.now() + STALE_DELETION_MS + 60_000, store())).toEqual([
      member.uid,
    ]);
    expect(await existing(theirs.docs)).toEqual([]);
    expect(existsSync(theirs.mediaFolder)).toBe(false);
    expect((await db.doc(`account_deletions/${member.uid}`).get()).get('completed_at')).toBeInstanceOf(
      Timestamp,
    );
  });
});
