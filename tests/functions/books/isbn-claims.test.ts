// An ISBN names one book (issue 51, item 1), on the emulators. The attack: author B
// saves a book with author A's ISBN through saveBook (saveProfile refuses books),
// hoping the reading import matches other members' rows to B's copy. Refused with ISBN_MESSAGES.taken and A's claim intact; B with another
// ISBN is fine; A changing or deleting the book (or the account) frees the ISBN
// for B. An admin settles a dispute by moving the claim (audit entry, the loser's
// ISBN cleared); a member cannot. claimedBookIds tells the import which book an
// ISBN names.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ISBN_CLAIM_MESSAGES,
  type AdminIsbnClaimsResponse,
} from '../../../src/domain/admin/admin-isbn-claims';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';
import { ISBN_MESSAGES } from '../../../src/domain/books/isbn';
import type { SaveItemResponse } from '../../../src/domain/items/item-save';
import { SAVE_PROFILE_MESSAGES, type SaveProfileResponse } from '../../../src/domain/accounts/profile-edit';
import { claimedBookIds } from '../../../functions/src/books/isbn-claims';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { bookData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();

const ISBN = '9780306406157';
const ISBN_10 = '0306406152';
const OTHER = '9781861972712';

const saveBook = (member: Member, data: Record<string, unknown>) =>
  callAs<SaveItemResponse>('saveBook', member, data);
const deleteBook = (member: Member, id: string) => callAs<{ id: string }>('deleteBook', member, { id });
const claims = (member: Member | undefined, data: Record<string, unknown>) =>
  callAs<AdminIsbnClaimsResponse>('adminIsbnClaims', member, data);

async function claimOf(isbn: string) {
  return (await db.doc(`isbn_claims/${isbn}`).get()).data();
}
async function bookOf(id: string) {
  return (await db.doc(`books/${id}`).get()).data() ?? {};
}

let authorA: Member;
let authorB: Member;
let bookA: string;

beforeEach(async () => {
  await clearFirestore();
  [authorA, authorB] = await Promise.all([makeMember(), makeMember()]);
  const saved = await saveBook(authorA, { book: { title: 'Tides', isbn: ISBN } });
  expect(saved.error).toBeUndefined();
  bookA = saved.result!.id;
});

describe('saveBook: an ISBN names one book', () => {
  it('claims the ISBN for the book that saves it first', async () => {
    expect(await claimOf(ISBN)).toMatchObject({
      book_id: bookA,
      user_id: authorA.uid,
      claimed_at: expect.any(Timestamp),
    });
    expect(await claimedBookIds(db, [ISBN, OTHER])).toEqual(new Map([[ISBN, bookA]]));
  });

  it("refuses author B's book with A's ISBN, new or edited, writing nothing; A's claim stays", async () => {
    const copy = await saveBook(authorB, { book: { title: 'Tides (copy)', isbn: ISBN } });
    expect(copy.error).toEqual({ status: 'ALREADY_EXISTS', message: ISBN_MESSAGES.taken });
    expect((await db.collection('books').where('user_id', '==', authorB.uid).get()).size).toBe(0);

    const own = await saveBook(authorB, { book: { title: 'Salt', isbn: OTHER } });
    expect(own.error).toBeUndefined();
    const edited = await saveBook(authorB, { bookId: own.result!.id, book: { title: 'Salt', isbn: ISBN } });
    expect(edited.error).toEqual({ status: 'ALREADY_EXISTS', message: ISBN_MESSAGES.taken });
    expect(await bookOf(own.result!.id)).toMatchObject({ isbn: OTHER });
    expect(await claimOf(OTHER)).toMatchObject({ book_id: own.result!.id, user_id: authorB.uid });

    // saveProfile is no second door: it refuses books outright.
    const profile = await callAs<SaveProfileResponse>('saveProfile', authorB, {
      userId: authorB.uid,
      expectedUpdatedAt: null,
      books: { create: [{ title: 'Tides again', isbn: ISBN }] },
    });
    expect(profile.error).toEqual({ status: 'INVALID_ARGUMENT', message: SAVE_PROFILE_MESSAGES.noBooks });
    expect((await db.collection('books').where('user_id', '==', authorB.uid).get()).size).toBe(1);
    expect(await claimOf(ISBN)).toMatchObject({ book_id: bookA, user_id: authorA.uid });
    expect(await claimedBookIds(db, [ISBN])).toEqual(new Map([[ISBN, bookA]]));
  });

  it('keeps the claim when A saves the book again, and moves it when A changes the ISBN', async () => {
    expect(
      (await saveBook(authorA, { bookId: bookA, book: { title: 'Tides, revised' } })).error,
    ).toBeUndefined();
    expect(await claimOf(ISBN)).toMatchObject({ book_id: bookA });

    expect(
      (await saveBook(authorA, { bookId: bookA, book: { title: 'Tides', isbn: OTHER } })).error,
    ).toBeUndefined();
    expect(await claimOf(ISBN)).toBeUndefined();
    expect(await claimOf(OTHER)).toMatchObject({ book_id: bookA });
    // The ISBN A left is B's to take.
    const taken = await saveBook(authorB, { book: { title: 'Tides', isbn: ISBN } });
    expect(taken.error).toBeUndefined();
    expect(await claimOf(ISBN)).toMatchObject({ book_id: taken.result!.id, user_id: authorB.uid });
  });

  it('frees the ISBN when A deletes the book, so B can take it', async () => {
    expect((await deleteBook(authorA, bookA)).error).toBeUndefined();
    expect(await claimOf(ISBN)).toBeUndefined();
    const taken = await saveBook(authorB, { book: { title: 'Tides', isbn: ISBN } });
    expect(taken.error).toBeUndefined();
    expect(await claimOf(ISBN)).toMatchObject({ book_id: taken.result!.id });
  });

  it('counts a claim whose book is gone as free', async () => {
    // A book removed without its release (a write outside the saves).
    await db.doc(`books/${bookA}`).delete();
    expect(await claimedBookIds(db, [ISBN])).toEqual(new Map());
    const taken = await saveBook(authorB, { book: { title: 'Tides', isbn: ISBN } });
    expect(taken.error).toBeUndefined();
    expect(await claimOf(ISBN)).toMatchObject({ book_id: taken.result!.id, user_id: authorB.uid });
  });

  it("frees A's ISBNs when A's account is deleted", async () => {
    expect((await callAs('deleteAccount', authorA, { userId: authorA.uid })).error).toBeUndefined();
    expect(await claimOf(ISBN)).toBeUndefined();
    expect((await saveBook(authorB, { book: { title: 'Tides', isbn: ISBN } })).error).toBeUndefined();
  });
});

describe('adminIsbnClaims: settling a dispute', () => {
  let admin: Member;
  let bookB: string;

  beforeEach(async () => {
    admin = await makeMember({ admin: true });
    // B's real book, refused the ISBN A took first.
    bookB = (await db.collection('books').add(bookData(authorB.uid, { title: 'The real Tides', isbn: null })))
      .id;
  });

  it('shows the book holding an ISBN typed as an ISBN-10, and a free one as free', async () => {
    const found = await claims(admin, { action: 'lookup', isbn: ISBN_10 });
    expect(found.result).toEqual({
      isbn: ISBN,
      holder: { id: bookA, title: 'Tides', userId: authorA.uid, authorName: expect.any(String) },
      others: [],
    });
    expect((await claims(admin, { action: 'lookup', isbn: OTHER })).result).toEqual({
      isbn: OTHER,
      holder: null,
      others: [],
    });
  });

  it("moves the claim to B's book: B's book carries the ISBN, A's loses it, one audit entry", async () => {
    const moved = await claims(admin, { action: 'move', isbn: ISBN, bookId: bookB });
    expect(moved.error).toBeUndefined();
    expect(moved.result).toMatchObject({
      isbn: ISBN,
      holder: { id: bookB, userId: authorB.uid },
      others: [],
    });
    expect(await claimOf(ISBN)).toMatchObject({ book_id: bookB, user_id: authorB.uid });
    expect(await bookOf(bookB)).toMatchObject({ isbn: ISBN });
    expect(await bookOf(bookA)).toMatchObject({ isbn: null, title: 'Tides' });
    const audit = (await db.collection(ADMIN_AUDIT_COLLECTION).where('action', '==', 'isbn-claim-move').get())
      .docs;
    expect(audit.map((doc) => doc.data())).toEqual([
      expect.objectContaining({
        actor_uid: admin.uid,
        target_uid: authorB.uid,
        before: expect.objectContaining({ isbn: ISBN, book_id: bookA, user_id: authorA.uid }),
        after: expect.objectContaining({ isbn: ISBN, book_id: bookB, user_id: authorB.uid }),
      }),
    ]);

    // A cannot take it back; B saves the book with it.
    const back = await saveBook(authorA, { bookId: bookA, book: { title: 'Tides', isbn: ISBN } });
    expect(back.error).toEqual({ status: 'ALREADY_EXISTS', message: ISBN_MESSAGES.taken });
    expect(
      (await saveBook(authorB, { bookId: bookB, book: { title: 'The real Tides', isbn: ISBN } })).error,
    ).toBeUndefined();
    expect(await claimedBookIds(db, [ISBN])).toEqual(new Map([[ISBN, bookB]]));
  });

  it('refuses a move to a book that does not exist, changing nothing', async () => {
    const missing = await claims(admin, { action: 'move', isbn: ISBN, bookId: 'no-such-book' });
    expect(missing.error).toEqual({ status: 'NOT_FOUND', message: ISBN_CLAIM_MESSAGES.bookNotFound });
    expect(await claimOf(ISBN)).toMatchObject({ book_id: bookA });
    expect(await bookOf(bookA)).toMatchObject({ isbn: ISBN });
  });

  it('is refused to members (even the book owners) and to visitors, changing nothing', async () => {
    for (const caller of [authorB, authorA, undefined]) {
      const answer = await claims(caller, { action: 'move', isbn: ISBN, bookId: bookB });
      expect(answer.error?.status).toMatch(/PERMISSION_DENIED|UNAUTHENTICATED/);
      expect((await claims(caller, { action: 'lookup', isbn: ISBN })).error).toBeDefined();
    }
    expect(await claimOf(ISBN)).toMatchObject({ book_id: bookA });
    expect(await bookOf(bookB)).toMatchObject({ isbn: null });
    expect((await db.collection(ADMIN_AUDIT_COLLECTION).get()).size).toBe(0);
  });
});
