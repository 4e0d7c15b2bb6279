// findBooks, addCatalogueBook and addBookByHand on the emulators, against the local Open
// Library stand-in the harness runs (scripts/lib/openlibrary-standin.mjs): a reader finds a
// book by title or ISBN, adds it once however often it is asked, shelves and reviews it; a
// source that fails costs only its half of the answer; nobody but a member in good standing
// adds, and bad input saves nothing.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADD_BOOK_MESSAGES,
  type FindBooksResult,
  type AddBookResult,
} from '../../../src/domain/catalogue/add-book';
import { ISBN_MESSAGES } from '../../../src/domain/books/isbn';
import { shelfId } from '../../../src/domain/shelves/shelf';
import { OPEN_LIBRARY_STANDIN_URL } from '../../../scripts/lib/openlibrary-standin.mjs';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { authorWithPublicBook, callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const findBooks = (member: Member | undefined, data: unknown) =>
  callAs<FindBooksResult>('findBooks', member, data);
const addCatalogueBook = (member: Member | undefined, data: unknown) =>
  callAs<AddBookResult>('addCatalogueBook', member, data);
const addBookByHand = (member: Member | undefined, data: unknown) =>
  callAs<AddBookResult>('addBookByHand', member, data);

async function standin(path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${OPEN_LIBRARY_STANDIN_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  expect(response.ok).toBe(true);
}

let reader: Member;

beforeEach(async () => {
  await clearFirestore();
  await standin('/_standin/reset');
  reader = await makeMember();
});

afterEach(() => standin('/_standin/reset'));

describe('findBooks', () => {
  it('finds Open Library works by title, and an ISBN’s work with its edition', async () => {
    const byTitle = await findBooks(reader, { query: 'pride and prejudice' });
    expect(byTitle.error).toBeUndefined();
    expect(byTitle.result?.shelfmark).toEqual([]);
    expect(byTitle.result?.openLibrary[0]).toMatchObject({
      workId: 'OL66554W',
      title: 'Pride and Prejudice',
      authors: 'Jane Austen',
    });
    expect(byTitle.result?.sourceProblem).toBeNull();

    const byIsbn = await findBooks(reader, { query: '978-0-14-143951-8' });
    expect(byIsbn.result?.openLibrary).toEqual([
      expect.objectContaining({ workId: 'OL66554W', isbn: '9780141439518' }),
    ]);
  });

  it('lists a member’s listed book first by its words and by its ISBN', async () => {
    const { bookId } = await authorWithPublicBook({
      title: 'Tides of Middlemarch',
      search_keywords: ['t', 'ti', 'tid', 'tide', 'tides', 'o', 'of', 'm', 'mi', 'mid', 'middlemarch'],
      isbn: '9780306406157',
    });
    await db.doc('isbn_claims/9780306406157').set({ book_id: bookId, user_id: 'x', claimed_at: new Date() });
    const byWords = await findBooks(reader, { query: 'Middlemarch tides' });
    expect(byWords.result?.shelfmark.map((book) => book.id)).toEqual([bookId]);
    const byIsbn = await findBooks(reader, { query: '0306406152' });
    expect(byIsbn.result?.shelfmark.map((book) => book.id)).toEqual([bookId]);
  });

  it('answers Shelfmark’s books and says so when Open Library answers garbage', async () => {
    await standin('/_standin/faults', { kind: 'garbage', count: 1 });
    const found = await findBooks(reader, { query: 'the mill on the floss' });
    expect(found.error).toBeUndefined();
    expect(found.result).toEqual({
      shelfmark: [],
      openLibrary: [],
      sourceProblem: ADD_BOOK_MESSAGES.sourceGarbled,
    });
  });

  it('refuses an empty or huge search, and visitors', async () => {
    expect((await findBooks(reader, { query: '   ' })).error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: ADD_BOOK_MESSAGES.queryEmpty,
    });
    expect((await findBooks(reader, { query: 'x'.repeat(5000) })).error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: ADD_BOOK_MESSAGES.queryLong,
    });
    expect((await findBooks(undefined, { query: 'emma' })).error?.status).toBe('UNAUTHENTICATED');
  });
});

describe('addCatalogueBook', () => {
  it('adds a work once, with its editions, their ISBN claims and a copied cover, and readers shelve and review it', async () => {
    const first = await addCatalogueBook(reader, { workId: 'OL66554W', isbn: '9780141439518' });
    expect(first.result).toMatchObject({ existing: false });
    const bookId = first.result!.bookId;
    const book = (await db.doc(`books/${bookId}`).get()).data()!;
    expect(book).toMatchObject({
      kind: 'catalogue',
      title: 'Pride and Prejudice',
      authors: [{ name: 'Jane Austen', source_id: 'OL21594A' }],
      source: 'openlibrary',
      source_id: 'OL66554W',
      isbn: '9780141439518',
      is_public: false,
      added_by: reader.uid,
      needs_review: false,
    });
    expect(book.editions.length).toBeGreaterThan(1);
    expect(book.editions[0].isbn).toBe('9780141439518');
    expect(String(book.cover_image)).toMatch(/^\/media\/catalogue\/book-covers\//);
    expect((await db.doc('isbn_claims/9780141439518').get()).data()).toMatchObject({
      book_id: bookId,
      user_id: null,
    });

    // Asked again (a double click, another reader): the same book.
    const other = await makeMember();
    expect((await addCatalogueBook(other, { workId: 'OL66554W' })).result).toEqual({
      bookId,
      existing: true,
    });
    expect((await db.collection('books').where('source_id', '==', 'OL66554W').get()).size).toBe(1);

    // Now it is Shelfmark's: listed first, and no longer offered from Open Library.
    const found = await findBooks(reader, { query: 'pride and prejudice' });
    expect(found.result?.shelfmark.map((b) => b.id)).toEqual([bookId]);
    expect(found.result?.openLibrary.some((work) => work.workId === 'OL66554W')).toBe(false);

    // Nobody has read it yet, so the sitemap leaves it out until a member shelves it.
    expect(book.has_readers).toBe(false);
    // Every reader feature takes it as it takes a listing.
    expect((await callAs('setShelf', reader, { bookId, shelf: 'read' })).result).toEqual({
      shelf: 'read',
      owned: false,
    });
    expect((await db.doc(`books/${bookId}`).get()).get('has_readers')).toBe(true);
    expect((await db.doc(`book_shelves/${shelfId(bookId, reader.uid)}`).get()).get('book_public')).toBe(true);
    expect((await callAs('saveReview', reader, { bookId, rating: 4, text: '' })).error).toBeUndefined();
    const rated = (await db.doc(`books/${bookId}`).get()).data()!;
    expect([rated.rating_count, rated.rating_sum]).toEqual([1, 4]);
  }, 60_000);

  it('two readers adding one work at once make one book with one copy of its cover', async () => {
    const covers = join(process.env.MEDIA_DIR ?? 'test-results/media', 'catalogue', 'book-covers');
    const folders = async () => new Set(await readdir(covers).catch(() => [] as string[]));
    const before = await folders();
    const other = await makeMember();
    const [a, b] = await Promise.all([
      addCatalogueBook(reader, { workId: 'OL66554W' }),
      addCatalogueBook(other, { workId: 'OL66554W' }),
    ]);
    expect(a.result?.bookId).toBeDefined();
    expect(b.result?.bookId).toBe(a.result?.bookId);
    const cover = String((await db.doc(`books/${a.result!.bookId}`).get()).get('cover_image'));
    const added = [...(await folders())].filter((folder) => !before.has(folder));
    expect(added).toHaveLength(1);
    expect(cover).toContain(`/catalogue/book-covers/${added[0]}/`);
  }, 60_000);

  it('leaves off an edition’s ISBN another book holds: an ISBN names one edition', async () => {
    const { bookId: listed } = await authorWithPublicBook({ isbn: '9780142437247' });
    await db.doc('isbn_claims/9780142437247').set({ book_id: listed, user_id: 'x', claimed_at: new Date() });
    const added = await addCatalogueBook(reader, { workId: 'OL2000044W' });
    const book = (await db.doc(`books/${added.result!.bookId}`).get()).data()!;
    expect(book.editions.map((edition: { isbn: string | null }) => edition.isbn)).not.toContain(
      '9780142437247',
    );
    expect((await db.doc('isbn_claims/9780142437247').get()).get('book_id')).toBe(listed);
  }, 60_000);

  it('saves nothing when Open Library does not answer, or no longer has the work', async () => {
    await standin('/_standin/faults', { kind: '500', count: 8 });
    expect((await addCatalogueBook(reader, { workId: 'OL2000110W' })).error).toMatchObject({
      status: 'UNAVAILABLE',
      message: ADD_BOOK_MESSAGES.addFailed,
    });
    await standin('/_standin/reset');
    expect((await addCatalogueBook(reader, { workId: 'OL999999999W' })).error).toMatchObject({
      status: 'NOT_FOUND',
      message: ADD_BOOK_MESSAGES.workGone,
    });
    expect((await addCatalogueBook(reader, { workId: '../../etc' })).error?.status).toBe('INVALID_ARGUMENT');
    expect((await db.collection('books').get()).size).toBe(0);
    expect((await db.collection('catalogue_sources').get()).size).toBe(0);
  }, 60_000);

  it.each([
    ['a visitor', undefined, 'UNAUTHENTICATED'],
    ['a pending member', { profile: { approval_status: 'pending' } }, 'PERMISSION_DENIED'],
    ['a deactivated member', { profile: { is_active: false } }, 'PERMISSION_DENIED'],
  ] as const)('%s cannot add a book', async (_label, options, status) => {
    const caller = options ? await makeMember(options) : undefined;
    expect((await addCatalogueBook(caller, { workId: 'OL2000022W' })).error?.status).toBe(status);
    expect((await addBookByHand(caller, { title: 'A', author: 'B' })).error?.status).toBe(status);
    expect((await db.collection('books').get()).size).toBe(0);
  });
});

describe('addBookByHand', () => {
  it('adds a book no source knows, marked for review, with its ISBN claimed', async () => {
    const added = await addBookByHand(reader, {
      title: 'Salt Roads',
      author: 'Ines Varga',
      isbn: '0-306-40615-2',
    });
    expect(added.result?.existing).toBe(false);
    const book = (await db.doc(`books/${added.result!.bookId}`).get()).data()!;
    expect(book).toMatchObject({
      kind: 'catalogue',
      source: 'hand',
      needs_review: true,
      title: 'Salt Roads',
      authors: [{ name: 'Ines Varga', source_id: null }],
      isbn: '9780306406157',
      has_readers: false,
    });
    expect((await db.doc('isbn_claims/9780306406157').get()).get('book_id')).toBe(added.result!.bookId);
    // Rated without a shelf first: the rating marks it as read by members too.
    const bookId = added.result!.bookId;
    expect((await callAs('saveReview', reader, { bookId, rating: 3, text: '' })).error).toBeUndefined();
    expect((await db.doc(`books/${bookId}`).get()).get('has_readers')).toBe(true);
  });

  it('answers the book that already carries the ISBN instead of a copy', async () => {
    const { bookId } = await authorWithPublicBook({ isbn: '9780306406157' });
    await db.doc('isbn_claims/9780306406157').set({ book_id: bookId, user_id: 'x', claimed_at: new Date() });
    expect(
      (await addBookByHand(reader, { title: 'Copy', author: 'Someone', isbn: '9780306406157' })).result,
    ).toEqual({
      bookId,
      existing: true,
    });
    expect((await db.collection('books').get()).size).toBe(1);
  });

  it('refuses a wrong check digit and a missing title or author with the field’s message', async () => {
    expect(
      (await addBookByHand(reader, { title: 'X', author: 'Y', isbn: '9780306406158' })).error,
    ).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: ISBN_MESSAGES.checkDigit,
    });
    expect((await addBookByHand(reader, { title: ' ', author: 'Y' })).error?.message).toBe(
      ADD_BOOK_MESSAGES.titleRequired,
    );
    expect((await addBookByHand(reader, { title: 'X', author: '' })).error?.message).toBe(
      ADD_BOOK_MESSAGES.authorRequired,
    );
    expect((await db.collection('books').get()).size).toBe(0);
  });
});
