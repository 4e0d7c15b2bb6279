// Shelves of one's own on the emulators: a member creates, renames, reorders and
// deletes shelves within the limits, puts books on any number of them and takes
// them off; the server derives the slugs, order and counts; nobody touches
// another member's shelves; a hidden book leaves the public lists and a deleted
// one leaves every shelf; the importer's functions keep the same limits; the
// count visitors see on the profile and the shelf's page counts only the books
// they see there.
import { beforeEach, describe, expect, it } from 'vitest';
import { FEATURE_UNAVAILABLE_MESSAGE } from '../../../src/domain/billing/early-access';
import {
  CUSTOM_SHELF_LIMITS,
  CUSTOM_SHELF_MESSAGES,
  customShelfBookId,
  type EditCustomShelfResponse,
  type PlaceOnCustomShelfResponse,
} from '../../../src/domain/shelves/custom-shelf';
import { SHELF_MESSAGES } from '../../../src/domain/shelves/shelf';
import { ensureCustomShelves, placeOnCustomShelves } from '../../../functions/src/shelves/custom-shelves';
import { loadCustomShelfPage } from '../../../src/data/server/shelves/custom-shelves';
import { getMemberShelves } from '../../../src/data/server/shelves/shelves';
import { adminDb, clearFirestore, eventually } from '../helpers/emulator';
import { bookData } from '../helpers/factories';
import { authorWithPublicBook, callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const edit = (member: Member | undefined, data: Record<string, unknown>) =>
  callAs<EditCustomShelfResponse>('editCustomShelf', member, data);
const place = (member: Member | undefined, data: Record<string, unknown>) =>
  callAs<PlaceOnCustomShelfResponse>('placeOnCustomShelf', member, data);
const names = (answer: { result?: EditCustomShelfResponse }) => answer.result?.shelves.map((s) => s.name);

let author: Member;
let bookId: string;

beforeEach(async () => {
  await clearFirestore();
  ({ author, bookId } = await authorWithPublicBook());
});

/** Creates a shelf for `member` and returns its id. */
async function created(member: Member, name: string): Promise<string> {
  const answer = await edit(member, { action: 'create', name });
  const shelf = answer.result?.shelves.find((s) => s.name === name.trim());
  if (!shelf) throw new Error(`not created: ${JSON.stringify(answer.error)}`);
  return shelf.id;
}

describe('editCustomShelf', () => {
  it('creates shelves in order with server-made slugs, renames, moves and deletes them', async () => {
    const reader = await makeMember();
    const first = await created(reader, '  Summer Reads! ');
    const second = await created(reader, 'Owned');
    expect((await db.doc(`custom_shelves/${first}`).get()).data()).toMatchObject({
      user_id: reader.uid,
      name: 'Summer Reads!',
      slug: 'summer-reads',
      position: 0,
      book_count: 0,
    });
    expect((await db.doc(`custom_shelves/${second}`).get()).get('position')).toBe(1);

    const renamed = await edit(reader, { action: 'rename', shelfId: first, name: 'Beach books' });
    expect(renamed.result?.shelves[0]).toMatchObject({ id: first, name: 'Beach books', slug: 'beach-books' });

    expect(names(await edit(reader, { action: 'move', shelfId: second, direction: 'up' }))).toEqual([
      'Owned',
      'Beach books',
    ]);
    // Already first: nothing moves.
    expect(names(await edit(reader, { action: 'move', shelfId: second, direction: 'up' }))).toEqual([
      'Owned',
      'Beach books',
    ]);

    await place(reader, { bookId, shelfId: first, on: true });
    expect(names(await edit(reader, { action: 'delete', shelfId: first }))).toEqual(['Owned']);
    expect((await db.doc(`custom_shelves/${first}`).get()).exists).toBe(false);
    expect((await db.collection('custom_shelf_books').where('shelf_id', '==', first).get()).size).toBe(0);
  });

  it('refuses a second shelf of the same slug, reserved and over-long names, and a 21st shelf', async () => {
    const reader = await makeMember();
    await created(reader, 'Owned');
    expect((await edit(reader, { action: 'create', name: 'owned' })).error).toMatchObject({
      status: 'ALREADY_EXISTS',
      message: CUSTOM_SHELF_MESSAGES.duplicate,
    });
    expect((await edit(reader, { action: 'create', name: 'To read' })).error?.status).toBe(
      'INVALID_ARGUMENT',
    );
    expect(
      (await edit(reader, { action: 'create', name: 'x'.repeat(CUSTOM_SHELF_LIMITS.name + 1) })).error
        ?.status,
    ).toBe('INVALID_ARGUMENT');
    for (let n = 2; n <= CUSTOM_SHELF_LIMITS.shelves; n++) await created(reader, `Shelf ${n}`);
    expect((await edit(reader, { action: 'create', name: 'One too many' })).error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      message: CUSTOM_SHELF_MESSAGES.tooMany,
    });
    expect((await db.collection('custom_shelves').where('user_id', '==', reader.uid).get()).size).toBe(
      CUSTOM_SHELF_LIMITS.shelves,
    );
  }, 60_000);

  it("never touches another member's shelf, and takes no client-made slug, position or count", async () => {
    const reader = await makeMember();
    const other = await makeMember();
    const theirs = await created(other, 'Theirs');
    for (const request of [
      { action: 'rename', shelfId: theirs, name: 'Mine now' },
      { action: 'move', shelfId: theirs, direction: 'down' },
      { action: 'delete', shelfId: theirs },
    ])
      expect((await edit(reader, request)).error).toMatchObject({
        status: 'NOT_FOUND',
        message: CUSTOM_SHELF_MESSAGES.notFound,
      });
    expect((await place(reader, { bookId, shelfId: theirs, on: true })).error?.status).toBe('NOT_FOUND');
    expect(
      (await edit(reader, { action: 'create', name: 'Mine', slug: 'theirs', book_count: 999 })).error?.status,
    ).toBe('INVALID_ARGUMENT');
    expect((await db.doc(`custom_shelves/${theirs}`).get()).data()).toMatchObject({
      name: 'Theirs',
      book_count: 0,
    });
  });

  it('a visitor, a pending member and a member with the switch off cannot create; deleting stays allowed', async () => {
    expect((await edit(undefined, { action: 'create', name: 'Owned' })).error?.status).toBe(
      'UNAUTHENTICATED',
    );
    const pending = await makeMember({ profile: { approval_status: 'pending' } });
    expect((await edit(pending, { action: 'create', name: 'Owned' })).error).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: SHELF_MESSAGES.notAllowed,
    });
    const reader = await makeMember();
    const shelf = await created(reader, 'Owned');
    await db.doc('site_settings/main').set({ early_access: { reviews: 'off' } });
    expect((await edit(reader, { action: 'create', name: 'More' })).error).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: FEATURE_UNAVAILABLE_MESSAGE,
    });
    expect(names(await edit(reader, { action: 'delete', shelfId: shelf }))).toEqual([]);
  });
});

describe('placeOnCustomShelf', () => {
  it('puts a book on any number of shelves, once each, and takes it off, counting on the server', async () => {
    const reader = await makeMember();
    const a = await created(reader, 'Beach');
    const b = await created(reader, 'Owned');
    expect((await place(reader, { bookId, shelfId: a, on: true })).result).toEqual({
      shelfId: a,
      on: true,
      book_count: 1,
    });
    // Twice on the same shelf changes nothing.
    expect((await place(reader, { bookId, shelfId: a, on: true })).result?.book_count).toBe(1);
    expect((await place(reader, { bookId, shelfId: b, on: true })).result?.book_count).toBe(1);
    expect((await db.doc(`custom_shelf_books/${customShelfBookId(a, bookId)}`).get()).data()).toMatchObject({
      shelf_id: a,
      user_id: reader.uid,
      book_id: bookId,
      book_title: 'Tides',
      book_public: true,
    });
    expect((await place(reader, { bookId, shelfId: a, on: false })).result?.book_count).toBe(0);
    expect((await place(reader, { bookId, shelfId: a, on: false })).result?.book_count).toBe(0);
    expect((await db.doc(`custom_shelves/${a}`).get()).get('book_count')).toBe(0);
    expect((await db.doc(`custom_shelves/${b}`).get()).get('book_count')).toBe(1);
  });

  it('refuses missing and hidden books', async () => {
    const reader = await makeMember();
    const shelf = await created(reader, 'Beach');
    const hidden = await db
      .collection('books')
      .add(bookData(author.uid, { is_active: false, owner_public: true, is_public: false }));
    expect((await place(reader, { bookId: hidden.id, shelfId: shelf, on: true })).error).toMatchObject({
      status: 'NOT_FOUND',
      message: SHELF_MESSAGES.notFound,
    });
    expect((await place(reader, { bookId: 'no-such-book', shelfId: shelf, on: true })).error?.status).toBe(
      'NOT_FOUND',
    );
    expect((await db.collection('custom_shelf_books').get()).size).toBe(0);
  });
});

describe('for the importer', () => {
  it('ensureCustomShelves finds shelves by slug, creates the missing ones and refuses what the form refuses', async () => {
    const reader = await makeMember();
    const owned = await created(reader, 'Owned');
    const { ids, refused } = await ensureCustomShelves(db, reader.uid, ['owned', 'Favorites', 'to-read', '']);
    expect(ids.get('owned')).toBe(owned);
    expect(ids.get('Favorites')).toEqual(expect.any(String));
    expect(refused.map((r) => r.name)).toEqual(['to-read', '']);
    const again = await ensureCustomShelves(db, reader.uid, ['favorites']);
    expect(again.ids.get('favorites')).toBe(ids.get('Favorites'));
    expect((await db.collection('custom_shelves').where('user_id', '==', reader.uid).get()).size).toBe(2);
  });

  it('ensureCustomShelves stops at the shelf limit', async () => {
    const reader = await makeMember();
    const many = Array.from({ length: CUSTOM_SHELF_LIMITS.shelves + 2 }, (_, n) => `Shelf ${n}`);
    const { ids, refused } = await ensureCustomShelves(db, reader.uid, many);
    expect(ids.size).toBe(CUSTOM_SHELF_LIMITS.shelves);
    expect(refused).toEqual([
      { name: 'Shelf 20', reason: CUSTOM_SHELF_MESSAGES.tooMany },
      { name: 'Shelf 21', reason: CUSTOM_SHELF_MESSAGES.tooMany },
    ]);
  });

  it("placeOnCustomShelves places only on the member's own shelves and public books, and a rerun changes nothing", async () => {
    const reader = await makeMember();
    const other = await makeMember();
    const { ids } = await ensureCustomShelves(db, reader.uid, ['Beach', 'Owned']);
    const theirs = (await ensureCustomShelves(db, other.uid, ['Theirs'])).ids.get('Theirs')!;
    const beach = ids.get('Beach')!;
    const owned = ids.get('Owned')!;
    const placements = [
      { bookId, shelfIds: [beach, owned, theirs] },
      { bookId: 'no-such-book', shelfIds: [beach] },
      { bookId: 'not/a/book', shelfIds: [beach] },
    ];
    const first = await placeOnCustomShelves(db, reader.uid, placements);
    expect(first).toMatchObject({ placed: 2, already: 0 });
    expect(first.refused).toEqual([
      { bookId, shelfId: theirs, reason: 'shelf-not-found' },
      { bookId: 'no-such-book', shelfId: beach, reason: 'book-not-found' },
      { bookId: 'not/a/book', shelfId: beach, reason: 'book-not-found' },
    ]);
    expect(first.counts.get(beach)).toBe(1);
    const second = await placeOnCustomShelves(db, reader.uid, placements);
    expect(second).toMatchObject({ placed: 0, already: 2 });
    expect((await db.doc(`custom_shelves/${beach}`).get()).get('book_count')).toBe(1);
    expect((await db.doc(`custom_shelves/${theirs}`).get()).get('book_count')).toBe(0);
  });

  it('placeOnCustomShelves stops at a full shelf', async () => {
    const reader = await makeMember();
    const shelf = (await ensureCustomShelves(db, reader.uid, ['Full'])).ids.get('Full')!;
    await db.doc(`custom_shelves/${shelf}`).update({ book_count: CUSTOM_SHELF_LIMITS.booksPerShelf });
    const result = await placeOnCustomShelves(db, reader.uid, [{ bookId, shelfIds: [shelf] }]);
    expect(result.refused).toEqual([{ bookId, shelfId: shelf, reason: 'shelf-full' }]);
    expect((await place(reader, { bookId, shelfId: shelf, on: true })).error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      message: CUSTOM_SHELF_MESSAGES.shelfFull,
    });
  });
});

describe('a book on custom shelves', () => {
  it('leaves the public lists while hidden, and every shelf when deleted', async () => {
    const reader = await makeMember();
    const shelf = await created(reader, 'Beach');
    await place(reader, { bookId, shelfId: shelf, on: true });
    const placement = db.doc(`custom_shelf_books/${customShelfBookId(shelf, bookId)}`);
    await db.doc(`books/${bookId}`).update({ is_active: false });
    await eventually(
      async () => (await placement.get()).get('book_public') as unknown,
      (value) => value === false,
      30_000,
    );
    await db.doc(`books/${bookId}`).delete();
    await eventually(
      async () => (await placement.get()).exists,
      (exists) => !exists,
      30_000,
    );
    expect((await db.doc(`custom_shelves/${shelf}`).get()).get('book_count')).toBe(0);
  }, 60_000);
});

describe('the count visitors see', () => {
  it("counts only the books they can see: not one a moderator hid nor one of a deactivated author, on the profile and the shelf's page alike", async () => {
    const reader = await makeMember();
    const leaving = await makeMember();
    const shelf = await created(reader, 'Beach');
    const hidden = (
      await db
        .collection('books')
        .add(bookData(author.uid, { title: 'Hidden', owner_public: true, is_public: true }))
    ).id;
    const theirs = (
      await db
        .collection('books')
        .add(bookData(leaving.uid, { title: 'Gone', owner_public: true, is_public: true }))
    ).id;
    for (const id of [bookId, hidden, theirs])
      expect((await place(reader, { bookId: id, shelfId: shelf, on: true })).error).toBeUndefined();

    // A moderator hides one book; the other's author is deactivated.
    await db.doc(`books/${hidden}`).update({ moderation_hidden: true });
    await db.doc(`profiles/${leaving.uid}`).update({ is_active: false });
    for (const id of [hidden, theirs])
      await eventually(
        async () =>
          (await db.doc(`custom_shelf_books/${customShelfBookId(shelf, id)}`).get()).get(
            'book_public',
          ) as unknown,
        (value) => value === false,
        30_000,
      );

    // The member's own figure still counts all three (their manager, the shelf's limit).
    expect((await db.doc(`custom_shelves/${shelf}`).get()).get('book_count')).toBe(3);
    const profile = await getMemberShelves(reader.uid, db);
    expect(profile?.custom.map((s) => [s.name, s.visible_count])).toEqual([['Beach', 1]]);
    const readerSlug = (await db.doc(`profiles/${reader.uid}`).get()).get('page_slug') as string;
    const page = await loadCustomShelfPage(readerSlug, 'beach', undefined, db);
    if (page.kind !== 'found') throw new Error(`shelf page: ${page.kind}`);
    expect(page.books.map((book) => book.book_id)).toEqual([bookId]);
    expect(page.shelf.visible_count).toBe(page.books.length);

    // Shown again, counted again.
    await db.doc(`books/${hidden}`).update({ moderation_hidden: false });
    await eventually(
      async () => (await getMemberShelves(reader.uid, db))?.custom[0]?.visible_count,
      (count) => count === 2,
      30_000,
    );
  }, 90_000);
});
