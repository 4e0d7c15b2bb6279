// books.owner_public / books.is_public follow the book and its owner, through the real triggers.
import { beforeEach, describe, expect, it } from 'vitest';
import { adminDb, afterSentinel, clearFirestore, eventually, uniqueId } from '../helpers/emulator';
import { bookData, profileData } from '../helpers/factories';

const db = adminDb();
// The first event after the emulator starts may wait for a cold functions worker.
const WAIT_MS = 60_000;
const TEST_MS = 180_000;

async function waitBook(id: string, done: (book: Record<string, unknown> | undefined) => boolean) {
  const read = async () => (await db.doc(`books/${id}`).get()).data();
  await eventually(read, done, WAIT_MS).catch(() => undefined);
  return read();
}

describe('book visibility triggers', () => {
  let owner: string;

  beforeEach(async () => {
    await clearFirestore();
    owner = uniqueId('owner');
    await db.doc(`profiles/${owner}`).set(profileData(owner));
  }, TEST_MS);

  it(
    'a new book of a public member becomes public, and follows its own active flag',
    async () => {
      const book = await db.collection('books').add(bookData(owner));
      expect(await waitBook(book.id, (b) => b?.is_public === true)).toMatchObject({
        owner_public: true,
        is_public: true,
      });
      await book.update({ is_active: false });
      expect(await waitBook(book.id, (b) => b?.is_public === false)).toMatchObject({
        owner_public: true,
        is_public: false,
      });
      await book.update({ is_active: true });
      expect(await waitBook(book.id, (b) => b?.is_public === true)).toMatchObject({ is_public: true });
    },
    TEST_MS,
  );

  it(
    'deactivating or un-approving the owner hides all their books, and re-enabling shows them again',
    async () => {
      const first = await db.collection('books').add(bookData(owner));
      const second = await db.collection('books').add(bookData(owner, { title: 'Second' }));
      // Another member's book, for the sentinel below.
      const other = uniqueId('other');
      await db.doc(`profiles/${other}`).set(profileData(other));
      const othersBook = await db.collection('books').add(bookData(other));
      for (const ref of [first, second, othersBook]) await waitBook(ref.id, (b) => b?.is_public === true);

      await db.doc(`profiles/${owner}`).update({ is_active: false });
      for (const ref of [first, second]) {
        expect(await waitBook(ref.id, (b) => b?.is_public === false)).toMatchObject({
          owner_public: false,
          is_public: false,
        });
      }
      await db.doc(`profiles/${owner}`).update({ is_active: true, approval_status: 'pending' });
      // Still hidden while pending. The sentinel: deactivating the other member must hide their
      // book; once it has, the owner's change above has been handled too.
      await afterSentinel(
        () => db.doc(`profiles/${other}`).update({ is_active: false }),
        async () => (await db.doc(`books/${othersBook.id}`).get()).get('is_public'),
        (isPublic) => isPublic === false,
        WAIT_MS,
      );
      expect((await db.doc(`books/${first.id}`).get()).get('is_public')).toBe(false);

      await db.doc(`profiles/${owner}`).update({ approval_status: 'approved' });
      for (const ref of [first, second])
        expect(await waitBook(ref.id, (b) => b?.is_public === true)).toMatchObject({ owner_public: true });
    },
    TEST_MS,
  );

  it(
    'a new book of a member who is not public stays hidden',
    async () => {
      const hidden = uniqueId('hidden');
      await db.doc(`profiles/${hidden}`).set(profileData(hidden, { approval_status: 'denied' }));
      const book = await db.collection('books').add(bookData(hidden));
      expect(await waitBook(book.id, (b) => b?.owner_public === false)).toMatchObject({ is_public: false });
    },
    TEST_MS,
  );
});
