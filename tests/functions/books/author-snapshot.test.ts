// books.author mirrors the owner's display_name and page_slug, through the real triggers.
import { beforeEach, describe, expect, it } from 'vitest';
import { adminDb, clearFirestore, eventually, uniqueId } from '../helpers/emulator';
import { bookData, profileData, writeAliceArcher } from '../helpers/factories';

const db = adminDb();

async function authorOf(bookId: string): Promise<unknown> {
  return (await db.doc(`books/${bookId}`).get()).get('author');
}

// A book's creation now wakes several triggers (listing fields, visibility, the market
// index, this one); the first test can meet cold workers, so the wait is generous.
const WAIT_MS = 60_000;

/** Waits until the book carries `expected` as its author snapshot. */
async function expectAuthor(
  bookId: string,
  expected: { display_name: string; page_slug: string },
): Promise<void> {
  await eventually(
    () => authorOf(bookId),
    (author) => JSON.stringify(author) === JSON.stringify(expected),
    WAIT_MS,
  ).catch(() => undefined);
  expect(await authorOf(bookId)).toEqual(expected);
}

describe('author snapshot triggers', () => {
  let alice: string;

  beforeEach(async () => {
    await clearFirestore();
    alice = await writeAliceArcher();
  });

  it('fills the author of a book created without one', async () => {
    const book = await db.collection('books').add(bookData(alice));
    await expectAuthor(book.id, { display_name: 'Alice Archer', page_slug: 'alice-archer' });
  }, 150_000);

  it('rewrites every book of the user when the display name or page slug changes', async () => {
    const stale = { display_name: 'Old Name', page_slug: 'old-name' };
    const books = await Promise.all(
      [1, 2, 3].map(() => db.collection('books').add(bookData(alice, { author: stale }))),
    );
    const someoneElse = uniqueId('bob');
    const otherBook = await db
      .collection('books')
      .add(bookData(someoneElse, { author: { display_name: 'Bob', page_slug: 'bob' } }));

    await db.doc(`profiles/${alice}`).update({ display_name: 'Alice B. Archer' });
    for (const book of books)
      await expectAuthor(book.id, { display_name: 'Alice B. Archer', page_slug: 'alice-archer' });

    await db.doc(`profiles/${alice}`).update({ page_slug: 'alice-b-archer' });
    for (const book of books)
      await expectAuthor(book.id, { display_name: 'Alice B. Archer', page_slug: 'alice-b-archer' });

    expect(await authorOf(otherBook.id)).toEqual({ display_name: 'Bob', page_slug: 'bob' });
  }, 150_000);

  it('takes the new owner as author when a book moves to another user', async () => {
    const bob = uniqueId('bob');
    await db
      .doc(`profiles/${bob}`)
      .set(profileData(bob, { display_name: 'Bob Baker', page_slug: 'bob-baker' }));
    const book = await db.collection('books').add(bookData(alice));
    await expectAuthor(book.id, { display_name: 'Alice Archer', page_slug: 'alice-archer' });

    await book.update({ user_id: bob });
    await expectAuthor(book.id, { display_name: 'Bob Baker', page_slug: 'bob-baker' });
  }, 150_000);
});
