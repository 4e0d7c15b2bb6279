// The catalogue fields through saveBook, the one callable that saves a book, on
// the emulators: stored as the schemas say, refused when sent as typed (a
// hyphenated ISBN, a date in another format), and never erased by a save that
// does not send them (an editor or a kept draft from before they existed).
import { beforeEach, describe, expect, it } from 'vitest';
import type { SaveItemResponse } from '../../../src/domain/items/item-save';
import { CATALOGUE_MESSAGES, NO_PUBLICATION_KEY } from '../../../src/domain/books/catalogue';
import { ISBN_MESSAGES } from '../../../src/domain/books/isbn';
import { titleAuthorKey } from '../../../src/domain/books/match-key';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { CATALOGUE } from '../../shared/catalogue';
import { bookData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();

const saveBook = (member: Member | undefined, data: Record<string, unknown>) =>
  callAs<SaveItemResponse>('saveBook', member, data);

async function addCataloguedBook(uid: string): Promise<string> {
  return (
    await db.collection('books').add(bookData(uid, { title: 'Tides', genre: ['fantasy'], ...CATALOGUE }))
  ).id;
}

async function bookOf(id: string) {
  return (await db.doc(`books/${id}`).get()).data() ?? {};
}

beforeEach(async () => {
  await clearFirestore();
});

describe('saveBook: catalogue fields', () => {
  it('stores them on create and replaces or clears them on save', async () => {
    const owner = await makeMember();
    const created = await saveBook(owner, { book: { title: 'Tides', ...CATALOGUE } });
    expect(created.error).toBeUndefined();
    const id = created.result!.id;
    expect(await bookOf(id)).toMatchObject(CATALOGUE);

    const cleared = await saveBook(owner, {
      bookId: id,
      book: { title: 'Tides', isbn: null, pages: 400, series: null, series_number: null },
    });
    expect(cleared.error).toBeUndefined();
    expect(await bookOf(id)).toMatchObject({
      isbn: null,
      pages: 400,
      series: null,
      series_number: null,
      publication_date: '2027-03-14',
      publisher: 'Harbour Press',
    });
  });

  it('writes the publication sort key with the date, in the save itself', async () => {
    const owner = await makeMember();
    const created = await saveBook(owner, { book: { title: 'Tides', publication_date: '2027-03-14' } });
    expect(created.error).toBeUndefined();
    const id = created.result!.id;
    // Read straight after the save: the callable wrote the key, no trigger had to.
    expect((await bookOf(id)).publication_key).toBe(20270314);
    await saveBook(owner, { bookId: id, book: { title: 'Tides', publication_date: '2001-09-30' } });
    expect((await bookOf(id)).publication_key).toBe(20010930);
    await saveBook(owner, { bookId: id, book: { title: 'Tides', publication_date: null } });
    expect((await bookOf(id)).publication_key).toBe(NO_PUBLICATION_KEY);
    await saveBook(owner, { bookId: id, book: { title: 'Tides', publication_date: '2027-03-14' } });
    // A save that does not send the date keeps it, and so its key.
    await saveBook(owner, { bookId: id, book: { title: 'Tides, revised' } });
    expect(await bookOf(id)).toMatchObject({ publication_date: '2027-03-14', publication_key: 20270314 });
  });

  it('writes the match key of the title and the author with the save, and follows a new title', async () => {
    const owner = await makeMember();
    const created = await saveBook(owner, { book: { title: 'Tides (Salt Roads, #1)' } });
    expect(created.error).toBeUndefined();
    const id = created.result!.id;
    // Read straight after the save: the callable wrote the key with the author snapshot.
    const stored = await bookOf(id);
    expect(stored.match_key).toBe(titleAuthorKey('Tides', stored.author.display_name));
    await saveBook(owner, { bookId: id, book: { title: 'Salt, Revised' } });
    expect((await bookOf(id)).match_key).toBe(titleAuthorKey('salt revised', stored.author.display_name));
  });

  it('keeps every stored catalogue field when a save does not send them', async () => {
    const owner = await makeMember();
    const id = await addCataloguedBook(owner.uid);
    const answer = await saveBook(owner, {
      bookId: id,
      book: { title: 'Tides, revised', genre: ['fantasy'] },
    });
    expect(answer.error).toBeUndefined();
    expect(await bookOf(id)).toMatchObject({ title: 'Tides, revised', ...CATALOGUE });
  });

  it('refuses values as typed or out of range with invalid-argument, writing nothing', async () => {
    const owner = await makeMember();
    const id = await addCataloguedBook(owner.uid);
    // The message names what is wrong ('' where zod's own type message says it).
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ isbn: '978-0-306-40615-7' }, ISBN_MESSAGES.checkDigit],
      [{ isbn: '0306406152' }, ISBN_MESSAGES.checkDigit],
      [{ isbn: '9780306406158' }, ISBN_MESSAGES.checkDigit],
      [{ publication_date: '14/03/2027' }, CATALOGUE_MESSAGES.date],
      [{ publication_date: '2027-02-30' }, CATALOGUE_MESSAGES.date],
      [{ pages: 0 }, CATALOGUE_MESSAGES.pages],
      [{ pages: '312' }, ''],
      [{ language: 'French' }, ''],
      [{ series_number: 2.25, series: 'S' }, CATALOGUE_MESSAGES.seriesNumber],
      [{ series_number: 2, series: null }, CATALOGUE_MESSAGES.seriesNumberWithoutSeries],
      [{ series: 'x'.repeat(1000) }, ''],
    ];
    for (const [fields, message] of cases) {
      const answer = await saveBook(owner, { bookId: id, book: { title: 'Changed', ...fields } });
      expect(answer.error?.status, JSON.stringify(fields)).toBe('INVALID_ARGUMENT');
      expect(answer.error?.message, JSON.stringify(fields)).toContain(message);
    }
    expect(await bookOf(id)).toMatchObject({ title: 'Tides', ...CATALOGUE });
  });

  it('refuses a number sent alone for a book in no series', async () => {
    const owner = await makeMember();
    const id = (await db.collection('books').add(bookData(owner.uid, { title: 'Alone' }))).id;
    const answer = await saveBook(owner, { bookId: id, book: { title: 'Alone', series_number: 3 } });
    expect(answer.error?.status).toBe('INVALID_ARGUMENT');
    expect((await bookOf(id)).series_number).toBeUndefined();
  });

  it('refuses clearing the series of a numbered book while its number stays, writing nothing', async () => {
    const owner = await makeMember();
    const id = await addCataloguedBook(owner.uid);
    const answer = await saveBook(owner, { bookId: id, book: { title: 'Tides', series: null } });
    expect(answer.error?.status).toBe('INVALID_ARGUMENT');
    expect(await bookOf(id)).toMatchObject(CATALOGUE);
  });
});
