// setShelf on the emulators: a member in good standing puts a public book on one
// shelf at a time, moves it and takes it off; nobody else writes their shelves;
// a deleted book leaves every shelf.
import { beforeEach, describe, expect, it } from 'vitest';
import { FEATURE_UNAVAILABLE_MESSAGE } from '../../../src/domain/billing/early-access';
import { SHELF_MESSAGES, shelfId } from '../../../src/domain/shelves/shelf';
import { adminDb, clearFirestore, eventually } from '../helpers/emulator';
import { bookData } from '../helpers/factories';
import { authorWithPublicBook, callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const setShelf = (member: Member | undefined, data: Record<string, unknown>) =>
  callAs<{ shelf: string | null }>('setShelf', member, data);

let author: Member;
let bookId: string;

beforeEach(async () => {
  await clearFirestore();
  ({ author, bookId } = await authorWithPublicBook());
});

describe('setShelf', () => {
  it('puts a book on one shelf at a time, moves it and takes it off', async () => {
    const reader = await makeMember();
    const path = `book_shelves/${shelfId(bookId, reader.uid)}`;
    expect((await setShelf(reader, { bookId, shelf: 'want-to-read' })).result).toEqual({
      shelf: 'want-to-read',
      owned: false,
    });
    expect((await db.doc(path).get()).data()).toMatchObject({
      book_id: bookId,
      book_title: 'Tides',
      user_id: reader.uid,
      shelf: 'want-to-read',
    });
    await setShelf(reader, { bookId, shelf: 'read' });
    const entries = await db.collection('book_shelves').where('user_id', '==', reader.uid).get();
    expect(entries.docs.map((d) => d.get('shelf'))).toEqual(['read']);
    expect((await setShelf(reader, { bookId, shelf: null })).result).toEqual({ shelf: null, owned: false });
    expect((await db.doc(path).get()).exists).toBe(false);
  });

  it("never touches another member's shelf: the entry is always the caller's own", async () => {
    const reader = await makeMember();
    const other = await makeMember();
    await setShelf(other, { bookId, shelf: 'reading' });
    // Naming the other member is a field the request does not have.
    expect((await setShelf(reader, { bookId, shelf: null, userId: other.uid })).error?.status).toBe(
      'INVALID_ARGUMENT',
    );
    await setShelf(reader, { bookId, shelf: null });
    await setShelf(reader, { bookId, shelf: 'read' });
    expect((await db.doc(`book_shelves/${shelfId(bookId, other.uid)}`).get()).get('shelf')).toBe('reading');
    expect((await db.doc(`book_shelves/${shelfId(bookId, reader.uid)}`).get()).get('shelf')).toBe('read');
  });

  it('refuses unknown shelves, missing and hidden books', async () => {
    const reader = await makeMember();
    expect((await setShelf(reader, { bookId, shelf: 'favourites' })).error?.status).toBe('INVALID_ARGUMENT');
    expect((await setShelf(reader, { bookId: 'no-such-book', shelf: 'read' })).error?.status).toBe(
      'NOT_FOUND',
    );
    const hidden = await db
      .collection('books')
      .add(bookData(author.uid, { is_active: false, owner_public: true, is_public: false }));
    expect((await setShelf(reader, { bookId: hidden.id, shelf: 'read' })).error).toMatchObject({
      status: 'NOT_FOUND',
      message: SHELF_MESSAGES.notFound,
    });
    expect((await db.collection('book_shelves').get()).size).toBe(0);
  });

  it('a visitor cannot shelve', async () => {
    expect((await setShelf(undefined, { bookId, shelf: 'read' })).error).toMatchObject({
      status: 'UNAUTHENTICATED',
      message: SHELF_MESSAGES.signIn,
    });
  });

  it.each([
    ['a pending member', { profile: { approval_status: 'pending' } }],
    ['a deactivated member', { profile: { is_active: false } }],
    ['a member whose email is not confirmed', { verified: false }],
  ])('%s cannot shelve', async (_label, options) => {
    const reader = await makeMember(options);
    expect((await setShelf(reader, { bookId, shelf: 'read' })).error).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: SHELF_MESSAGES.notAllowed,
    });
    expect((await db.collection('book_shelves').get()).size).toBe(0);
  });

  it('is refused while the reviews switch is off, but a book can still be taken off a shelf', async () => {
    const reader = await makeMember();
    await setShelf(reader, { bookId, shelf: 'reading' });
    await db.doc('site_settings/main').set({ early_access: { reviews: 'off' } });
    expect((await setShelf(reader, { bookId, shelf: 'read' })).error).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: FEATURE_UNAVAILABLE_MESSAGE,
    });
    expect((await setShelf(reader, { bookId, shelf: null })).result).toEqual({ shelf: null, owned: false });
    expect((await db.collection('book_shelves').where('book_id', '==', bookId).get()).size).toBe(0);
  });
});

describe('a deleted book', () => {
  it('leaves every shelf', async () => {
    const reader = await makeMember();
    await setShelf(reader, { bookId, shelf: 'reading' });
    await db.doc(`books/${bookId}`).delete();
    await eventually(
      async () => (await db.collection('book_shelves').where('book_id', '==', bookId).get()).size,
      (size) => size === 0,
      30_000,
    );
  }, 60_000);
});
