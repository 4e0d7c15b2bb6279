// profiles.book_count follows the user's active books, through the books trigger's bookCount handler.
import { beforeEach, describe, expect, it } from 'vitest';
import { adminDb, afterSentinel, clearFirestore, eventually, uniqueId } from '../helpers/emulator';
import { bookData, profileData } from '../helpers/factories';

const db = adminDb();

async function bookCountOf(uid: string): Promise<unknown> {
  return (await db.doc(`profiles/${uid}`).get()).get('book_count');
}

/** Waits until the profile shows `expected` books, and fails with the last count seen otherwise. */
async function expectBookCount(uid: string, expected: number): Promise<void> {
  await eventually(
    () => bookCountOf(uid),
    (count) => count === expected,
  );
  expect(await bookCountOf(uid)).toBe(expected);
}

describe('bookCount handler', () => {
  let alice: string;
  let bob: string;

  beforeEach(async () => {
    await clearFirestore();
    alice = uniqueId('alice');
    bob = uniqueId('bob');
    await db.doc(`profiles/${alice}`).set(profileData(alice));
    await db.doc(`profiles/${bob}`).set(profileData(bob));
  });

  it('counts a created active book and ignores an inactive one', async () => {
    await db.collection('books').add(bookData(alice));
    await db.collection('books').add(bookData(alice, { is_active: false }));
    await db.collection('books').add(bookData(alice));
    await expectBookCount(alice, 2);
  });

  it('follows deactivation, reactivation and deletion', async () => {
    const book = await db.collection('books').add(bookData(alice));
    await db.collection('books').add(bookData(alice));
    await expectBookCount(alice, 2);

    await book.update({ is_active: false });
    await expectBookCount(alice, 1);

    await book.update({ is_active: true });
    await expectBookCount(alice, 2);

    await book.delete();
    await expectBookCount(alice, 1);
  });

  it('moves the count when a book changes owner', async () => {
    const book = await db.collection('books').add(bookData(alice));
    await expectBookCount(alice, 1);
    await expectBookCount(bob, 0);

    await book.update({ user_id: bob });
    await expectBookCount(alice, 0);
    await expectBookCount(bob, 1);
  });

  it('repairs a wrong count on the next write instead of drifting', async () => {
    await db.doc(`profiles/${alice}`).update({ book_count: 41 });
    await db.collection('books').add(bookData(alice));
    await expectBookCount(alice, 1);
  });

  it('counts books that existed before the profile was created', async () => {
    const carol = uniqueId('carol');
    await db.collection('books').add(bookData(carol));
    await db.collection('books').add(bookData(carol));
    await db.doc(`profiles/${carol}`).set(profileData(carol, { book_count: 0 }));
    await expectBookCount(carol, 2);
  });

  it('does not create a profile for a user who has none', async () => {
    const ghost = uniqueId('ghost');
    await db.collection('books').add(bookData(ghost));
    // Alice's count proves the trigger has handled the ghost's book.
    await afterSentinel(
      () => db.collection('books').add(bookData(alice)),
      () => bookCountOf(alice),
      (count) => count === 1,
    );
    expect((await db.doc(`profiles/${ghost}`).get()).exists).toBe(false);
  });
});
