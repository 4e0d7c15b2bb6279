// Deleting the sign-in from the browser (user.delete(), the Auth REST API's
// accounts:delete with the member's own ID token) removes everything the member
// had, as deleteAccount does, through the Auth deletion trigger on the emulators.
import { beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_DELETION_STEPS } from '../../../src/domain/accounts/account-deletion';
import { MARKET_COLLECTION, marketEntryId, type MarketSource } from '../../../src/domain/market/market-entry';
import { localMediaRoot, localMediaStore } from '../../../src/data/server/media/media-store';
import { adminDb, clearFirestore, eventually } from '../helpers/emulator';
import { adData, bookData, productData } from '../helpers/factories';
import { authRestUrl } from '../helpers/callable';
import { callAs, makeMember, type Member } from '../helpers/profile-members';
import { deleteAccountOfDeletedAuthUser } from '../../../functions/src/members/auth-user-deleted';

const db = adminDb();
/** Triggers run asynchronously: the market entries, then the deletion, each get this long. */
const WAIT_MS = 60_000;
const TEST_MS = 150_000;

const entryPath = (source: MarketSource, id: string) => `${MARKET_COLLECTION}/${marketEntryId(source, id)}`;

async function existing(paths: string[]): Promise<string[]> {
  const found = await Promise.all(
    paths.map(async (path) => ((await db.doc(path).get()).exists ? path : null)),
  );
  return found.filter((path): path is string => path !== null);
}

/** Waits until none of `paths` exists (or the wait ends) and returns those that still do. */
async function remainingAfterWait(paths: string[]): Promise<string[]> {
  await eventually(
    () => existing(paths),
    (left) => left.length === 0,
    WAIT_MS,
  ).catch(() => undefined);
  return existing(paths);
}

/** A public member page with a slug claim, a book, a service and an ad (with its contact), all listed in the market, and an upload. */
async function seedPublicMember(member: Member) {
  const uid = member.uid;
  const slug = (await db.doc(`profiles/${uid}`).get()).get('page_slug') as string;
  await db.doc(`page_slugs/${slug}`).set({ uid, claimed_at: Timestamp.now() });
  const book = await db.collection('books').add(bookData(uid, { title: 'Midnight Tide' }));
  const product = await db.collection('products_services').add(productData(uid));
  const ad = await db.collection('classified_ads').add(adData(uid, { contact_method: 'email' }));
  await ad.collection('private').doc('contact').set({ contact_info: member.email });
  await localMediaStore(localMediaRoot()).put(
    `${uid}/profile-images/abc/w640.webp`,
    Buffer.from('webp'),
    'image/webp',
  );
  const market = [
    entryPath('books', book.id),
    entryPath('products_services', product.id),
    entryPath('classified_ads', ad.id),
  ];
  // The member is fully public before they leave: every listing is in the market.
  await eventually(
    () => existing(market),
    (found) => found.length === market.length,
    WAIT_MS,
  );
  return {
    docs: [
      `profiles/${uid}`,
      `page_slugs/${slug}`,
      `books/${book.id}`,
      `products_services/${product.id}`,
      `classified_ads/${ad.id}`,
      `classified_ads/${ad.id}/private/contact`,
      ...market,
    ],
    mediaFolder: join(localMediaRoot(), uid),
  };
}

/** What the browser SDK's user.delete() sends: accounts:delete with the member's own ID token. */
async function deleteSignInFromBrowser(member: Member): Promise<number> {
  const response = await fetch(authRestUrl('delete'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: member.idToken }),
  });
  return response.status;
}

const jobOf = async (uid: string) => (await db.doc(`account_deletions/${uid}`).get()).data();

/**
 * Waits until the trigger fired by an earlier Auth deletion has surely run: a
 * member who deletes their sign-in now is fully removed by the same trigger,
 * which the emulator runs after the earlier event.
 */
async function afterPendingAuthTriggers(): Promise<void> {
  const later = await makeMember();
  expect(await deleteSignInFromBrowser(later)).toBe(200);
  await eventually(async () => (await jobOf(later.uid))?.completed_at, Boolean, WAIT_MS);
}

/**
 * Once the pending Auth triggers have run, the trigger for `uid`'s deleted Auth user finds
 * the finished job recorded: the job stays `finished` and the member's `docs` stay gone.
 */
async function expectTriggerChangesNothing(uid: string, finished: unknown, docs: string[]): Promise<void> {
  await afterPendingAuthTriggers();
  expect(await deleteAccountOfDeletedAuthUser(db, uid, localMediaStore(localMediaRoot()))).toBe(
    'already-recorded',
  );
  expect(await jobOf(uid)).toEqual(finished);
  expect(await remainingAfterWait(docs)).toEqual([]);
}

beforeEach(async () => {
  await clearFirestore();
});

describe('a member deletes their sign-in from the browser', () => {
  it(
    'their profile, items, slug claim, market entries and uploads are gone soon after',
    async () => {
      const member = await makeMember();
      const theirs = await seedPublicMember(member);

      expect(await deleteSignInFromBrowser(member)).toBe(200);

      expect(await remainingAfterWait(theirs.docs)).toEqual([]);
      // The uploads go in the job's 'media' step, after the documents' steps: the folder
      // may still be there the moment the documents are gone.
      await eventually(
        async () => existsSync(theirs.mediaFolder),
        (exists) => !exists,
        WAIT_MS,
      );
      // The job records its last steps (follows, member records) after the documents above are gone.
      const job = await eventually(
        () => jobOf(member.uid),
        (found) => Boolean(found?.completed_at),
        WAIT_MS,
      );
      expect(job).toMatchObject({
        uid: member.uid,
        requested_by: member.uid,
        steps_done: [...ACCOUNT_DELETION_STEPS],
        completed_at: expect.any(Timestamp),
      });
    },
    TEST_MS,
  );
});

describe('the trigger after a deletion that already did the work', () => {
  it(
    'after deleteAccount, the trigger it fired and any later run change nothing',
    async () => {
      const member = await makeMember();
      const theirs = await seedPublicMember(member);
      expect((await callAs('deleteAccount', member, { userId: member.uid })).result).toEqual({
        deleted: true,
      });
      const finished = await jobOf(member.uid);
      expect(finished).toMatchObject({
        requested_by: member.uid,
        steps_done: [...ACCOUNT_DELETION_STEPS],
        completed_at: expect.any(Timestamp),
      });

      await expectTriggerChangesNothing(member.uid, finished, theirs.docs);
    },
    TEST_MS,
  );

  it(
    'after an admin’s delete-user, the trigger keeps the admin’s record and changes nothing',
    async () => {
      const admin = await makeMember({ admin: true, profile: { role: 'Admin' } });
      const member = await makeMember();
      const theirs = await seedPublicMember(member);
      expect(
        (await callAs('adminUserManagement', admin, { action: 'delete-user', userId: member.uid })).result,
      ).toEqual({ success: true });
      const finished = await jobOf(member.uid);
      expect(finished).toMatchObject({ requested_by: admin.uid, completed_at: expect.any(Timestamp) });

      await expectTriggerChangesNothing(member.uid, finished, theirs.docs);
    },
    TEST_MS,
  );

  it(
    'after the trigger removed a member, deleteAccount and an admin’s delete-user still answer success',
    async () => {
      const admin = await makeMember({ admin: true, profile: { role: 'Admin' } });
      const member = await makeMember();
      await seedPublicMember(member);
      expect(await deleteSignInFromBrowser(member)).toBe(200);
      await eventually(async () => (await jobOf(member.uid))?.completed_at, Boolean, WAIT_MS);
      const finished = await jobOf(member.uid);

      expect(
        (await callAs('adminUserManagement', admin, { action: 'delete-user', userId: member.uid })).result,
      ).toEqual({ success: true });
      expect((await callAs('deleteAccount', admin, { userId: member.uid })).result).toEqual({
        deleted: true,
      });
      expect(await jobOf(member.uid)).toEqual(finished);
    },
    TEST_MS,
  );
});
