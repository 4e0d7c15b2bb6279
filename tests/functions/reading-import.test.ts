// Importing a reading history on the emulators, through the real callables and
// task queue: rows matched by ISBN and by title and author become shelf entries,
// read-throughs counted in their year, ratings and reviews; one's own book is
// shelved but not reviewed; a row not on Shelfmark is kept for the member and is
// applied once its book is added; a book already shelved keeps its shelf; the same
// file imported again changes nothing; another member cannot feed someone's
// import; a running import refuses a second; bad rows are refused with their
// message. Members and books of its own; nothing here empties the shared project.
import { describe, expect, it } from 'vitest';
import type { ImportRow } from '../../src/domain/readers/reading-csv';
import { titleAuthorKey } from '../../src/domain/readers/reading-csv';
import {
  READING_IMPORT_TEXT,
  type AddReadingImportRowsResponse,
  type StartReadingImportResponse,
} from '../../src/domain/readers/reading-import';
import { adminDb, eventually, uniqueId } from './emulator';
import { bookData, profileData } from './factories';
import { callAs, makeMember, type Member } from './profile-members';

const db = adminDb();

const row = (n: number, fields: Partial<ImportRow>): ImportRow => ({
  row: n,
  title: 'Untitled',
  author: '',
  isbn13: null,
  shelf: null,
  custom_shelves: [],
  rating: null,
  review: '',
  started_on: null,
  finished_on: null,
  added_on: null,
  ...fields,
});

/** Starts an import of `rows` as `member`, sends them, and waits until it is done. */
async function importRows(
  member: Member,
  rows: ImportRow[],
  problems = [{ row: 9, message: 'it has no title.' }],
) {
  const started = await callAs<StartReadingImportResponse>('startReadingImport', member, {
    layout: 'goodreads',
    file_name: 'goodreads_library_export.csv',
    total: rows.length,
    problems,
    problem_count: problems.length,
  });
  expect(started.error).toBeUndefined();
  const id = started.result!.import_id;
  const sent = await callAs<AddReadingImportRowsResponse>('addReadingImportRows', member, {
    import_id: id,
    chunk: 0,
    rows,
  });
  expect(sent.result).toEqual({ received: rows.length, status: 'matching' });
  // The first chunk starts the queue's worker cold: slow on a busy two-core machine.
  const done = await eventually(
    async () => (await db.doc(`reading_imports/${id}`).get()).data(),
    (data) => data?.status === 'done',
    90_000,
  );
  return { id, report: done! };
}

/** A public book of a new approved author named `authorName`, with `fields`. */
async function publicBook(title: string, authorName: string, fields: Record<string, unknown> = {}) {
  const author = uniqueId('author');
  await db.doc(`profiles/${author}`).set(profileData(author, { display_name: authorName }));
  const ref = await db.collection('books').add(
    bookData(author, {
      title,
      author: { display_name: authorName },
      is_public: true,
      owner_public: true,
      match_key: titleAuthorKey(title, authorName),
      ...fields,
    }),
  );
  return ref.id;
}

describe('importing a reading history', () => {
  it('applies matched rows as hand-made ones, keeps the rest for the member, and a second import changes nothing', async () => {
    const reader = await makeMember({ profile: { display_name: 'Rita Reader' } });
    const isbn = '9780439023481';
    const byIsbn = await publicBook('Salt and Lanterns', 'Ann Archer', { isbn });
    const byTitle = await publicBook('L’Œuvre', 'Émile Zola');
    const own = await db.collection('books').add(
      bookData(reader.uid, {
        title: 'My Own',
        author: { display_name: 'Rita Reader' },
        is_public: true,
        owner_public: true,
        match_key: titleAuthorKey('My Own', 'Rita Reader'),
      }),
    );
    const rows = [
      row(2, {
        title: 'Salt & Lanterns (Harbour, #1)',
        author: 'A. Archer',
        isbn13: isbn,
        shelf: 'read',
        custom_shelves: ['Beach reads'],
        rating: 4,
        review: 'Lovely.',
        finished_on: '2025-06-01',
        added_on: '2025-05-01',
      }),
      row(3, { title: "l'oeuvre", author: 'emile zola', shelf: 'want-to-read' }),
      row(4, { title: 'My Own', author: 'Rita Reader', shelf: 'read', rating: 5 }),
      row(5, {
        title: 'Not Here Yet',
        author: 'Nobody Known',
        isbn13: '9781635575637',
        shelf: 'read',
        rating: 3,
      }),
    ];
    const { id, report } = await importRows(reader, rows);
    expect(report).toMatchObject({
      total: 4,
      processed: 4,
      matched: 3,
      unmatched: 1,
      reasons: { own_book: 1, not_on_shelfmark: 1 },
      problems: [{ row: 9, message: 'it has no title.' }],
      problem_count: 1,
    });

    const entry = (bookId: string) => db.doc(`book_shelves/${bookId}__${reader.uid}`).get();
    expect((await entry(byIsbn)).get('shelf')).toBe('read');
    expect((await entry(byTitle)).get('shelf')).toBe('want-to-read');
    expect((await entry(own.id)).get('shelf')).toBe('read');
    const review = await db.doc(`book_reviews/${byIsbn}__${reader.uid}`).get();
    expect(review.data()).toMatchObject({
      rating: 4,
      text: 'Lovely.',
      moderation: 'published',
      reviewer_public: true,
    });
    expect((await db.doc(`books/${byIsbn}`).get()).data()).toMatchObject({ rating_count: 1, rating_sum: 4 });
    expect((await db.doc(`book_reviews/${own.id}__${reader.uid}`).get()).exists).toBe(false);
    const reads = await db.collection('read_throughs').where('user_id', '==', reader.uid).get();
    expect(reads.docs.map((doc) => doc.get('finished_at')?.toDate().toISOString().slice(0, 10))).toEqual([
      '2025-06-01',
    ]);
    expect((await db.doc(`reading_years/${reader.uid}__2025`).get()).get('finished')).toBe(1);
    // The row's shelf of the member's own is made, with the book on it.
    const ownShelves = await db.collection('custom_shelves').where('user_id', '==', reader.uid).get();
    expect(ownShelves.docs.map((doc) => doc.get('name'))).toEqual(['Beach reads']);
    const onShelf = await db.collection('custom_shelf_books').where('user_id', '==', reader.uid).get();
    expect(onShelf.docs.map((doc) => doc.get('book_id'))).toEqual([byIsbn]);
    const kept = await db.collection('unmatched_reads').where('user_id', '==', reader.uid).get();
    expect(kept.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({ title: 'Not Here Yet', isbn13: '9781635575637', rating: 3, import_id: id }),
    ]);

    // The same file again: nothing more.
    const again = await importRows(reader, rows, []);
    expect(again.report).toMatchObject({ matched: 3, unmatched: 1 });
    expect((await db.collection('read_throughs').where('user_id', '==', reader.uid).get()).size).toBe(1);
    expect((await db.doc(`reading_years/${reader.uid}__2025`).get()).get('finished')).toBe(1);
    expect((await db.doc(`books/${byIsbn}`).get()).data()).toMatchObject({ rating_count: 1, rating_sum: 4 });
    expect((await db.collection('unmatched_reads').where('user_id', '==', reader.uid).get()).size).toBe(1);
    expect((await db.collection('custom_shelves').where('user_id', '==', reader.uid).get()).size).toBe(1);
    expect((await db.collection('custom_shelf_books').where('user_id', '==', reader.uid).get()).size).toBe(1);

    // The book is added later: the kept row is applied and leaves the list.
    const later = await publicBook('Not Here Yet', 'Nobody Known', { isbn: '9781635575637' });
    await eventually(
      async () => (await db.collection('unmatched_reads').where('user_id', '==', reader.uid).get()).size,
      (n) => n === 0,
      60_000,
    );
    expect((await entry(later)).get('shelf')).toBe('read');
    expect((await db.doc(`book_reviews/${later}__${reader.uid}`).get()).get('rating')).toBe(3);
  }, 240_000);

  it('a book already on the member’s shelves keeps its shelf', async () => {
    const reader = await makeMember();
    const bookId = await publicBook('Kept Shelf', 'Kay Keeper');
    await db.doc(`book_shelves/${bookId}__${reader.uid}`).set({
      book_id: bookId,
      book_title: 'Kept Shelf',
      user_id: reader.uid,
      shelf: 'reading',
      book_public: true,
      updated_at: new Date(),
    });
    await importRows(
      reader,
      [row(2, { title: 'Kept Shelf', author: 'Kay Keeper', shelf: 'want-to-read' })],
      [],
    );
    expect((await db.doc(`book_shelves/${bookId}__${reader.uid}`).get()).get('shelf')).toBe('reading');
  }, 120_000);
});

describe('rows kept until their book is added', () => {
  it('a kept row that no longer reads as one is left alone, and the others are applied', async () => {
    const good = await makeMember();
    const bad = await makeMember();
    const isbn = '9780306406157';
    const at = new Date();
    await db.doc(`unmatched_reads/${good.uid}__k`).set({
      user_id: good.uid,
      title: 'Arrives Later',
      author: 'Lee Later',
      isbn13: isbn,
      shelf: 'want-to-read',
      custom_shelves: [],
      rating: null,
      review: '',
      started_on: null,
      finished_on: null,
      added_on: null,
      match_key: null,
      import_id: 'imp',
      created_at: at,
    });
    const malformed = db.doc(`unmatched_reads/${bad.uid}__k`);
    await malformed.set({
      user_id: bad.uid,
      title: 'Arrives Later',
      isbn13: isbn,
      rating: 'five',
      created_at: at,
    });
    const bookId = await publicBook('Arrives Later', 'Lee Later', { isbn });
    await eventually(
      async () => (await db.doc(`unmatched_reads/${good.uid}__k`).get()).exists,
      (exists) => !exists,
      60_000,
    );
    expect((await db.doc(`book_shelves/${bookId}__${good.uid}`).get()).get('shelf')).toBe('want-to-read');
    expect((await malformed.get()).exists).toBe(true);
    expect((await db.doc(`book_shelves/${bookId}__${bad.uid}`).get()).exists).toBe(false);
  }, 120_000);
});

describe('imported reviews and the burst guard', () => {
  it('one member’s history is never held, but new accounts importing stars for one book are, as by hand', async () => {
    const bookId = await publicBook('Campaign Target', 'Cam Paign');
    const rowFor = () => [
      row(2, { title: 'Campaign Target', author: 'Cam Paign', shelf: 'read', rating: 5 }),
    ];
    const young = [];
    for (let i = 0; i < 3; i += 1) young.push(await makeMember({ profile: { created_at: new Date() } }));
    for (const member of young) await importRows(member, rowFor(), []);
    const moderation = await Promise.all(
      young.map(async (member) =>
        (await db.doc(`book_reviews/${bookId}__${member.uid}`).get()).get('moderation'),
      ),
    );
    // The third review by an account younger than a day within the hour on one book is held.
    expect(moderation).toEqual(['published', 'published', 'held']);
  }, 240_000);
});

describe('who may import, and what', () => {
  it('refuses another member’s rows, a second running import, bad rows and a visitor', async () => {
    const reader = await makeMember();
    const other = await makeMember();
    const start = (member: Member | undefined, total = 2) =>
      callAs<StartReadingImportResponse>('startReadingImport', member, {
        layout: 'storygraph',
        file_name: 'storygraph.csv',
        total,
        problems: [],
        problem_count: 0,
      });
    const started = await start(reader);
    const id = started.result!.import_id;
    expect((await start(reader)).error?.message).toBe(READING_IMPORT_TEXT.busy);
    expect(
      (
        await callAs('addReadingImportRows', other, {
          import_id: id,
          chunk: 0,
          rows: [row(2, { title: 'X' })],
        })
      ).error?.status,
    ).toBe('NOT_FOUND');
    const bad = await callAs('addReadingImportRows', reader, {
      import_id: id,
      chunk: 0,
      rows: [{ ...row(2, { title: 'X' }), rating: 9 }],
    });
    expect(bad.error?.status).toBe('INVALID_ARGUMENT');
    expect(
      (
        await callAs('addReadingImportRows', reader, {
          import_id: id,
          chunk: 5,
          rows: [row(2, { title: 'X' })],
        })
      ).error?.status,
    ).toBe('INVALID_ARGUMENT');
    expect((await db.doc(`reading_imports/${id}`).get()).get('received')).toBe(0);
    expect((await start(undefined)).error?.status).toBe('UNAUTHENTICATED');
  });
});
