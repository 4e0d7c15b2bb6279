// The reading import looks up in the open catalogue (the local Open Library stand-in) the
// rows no book on Shelfmark matches: by ISBN in one batch and by title and author, each
// work found becomes one catalogue book and the row lands on the member's shelves; a row
// nobody knows is kept, and when the source fails the rows are kept unlooked-up, to be
// looked up again by the member's next import. Members of its own; nothing here empties
// the shared project.
import { describe, expect, it } from 'vitest';
import type { ImportRow } from '../../../src/domain/imports/import-row';
import { shelfId } from '../../../src/domain/shelves/shelf';
import type {
  AddReadingImportRowsResponse,
  StartReadingImportResponse,
} from '../../../src/domain/imports/reading-import';
import { OPEN_LIBRARY_STANDIN_URL } from '../../../scripts/lib/openlibrary-standin.mjs';
import { importRow } from '../../shared/reading-import';
import { adminDb, eventually } from '../helpers/emulator';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const row = (n: number, fields: Partial<ImportRow>): ImportRow => importRow({ row: n, ...fields });

async function standin(path: string, body: unknown = {}) {
  const response = await fetch(`${OPEN_LIBRARY_STANDIN_URL}${path}`, {
    method: path.endsWith('/requests') ? 'GET' : 'POST',
    ...(path.endsWith('/requests')
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(response.ok).toBe(true);
  return response.json() as Promise<{ counts?: Record<string, number> }>;
}

async function importRows(member: Member, rows: ImportRow[]) {
  const started = await callAs<StartReadingImportResponse>('startReadingImport', member, {
    layout: 'goodreads',
    file_name: 'goodreads_library_export.csv',
    total: rows.length,
    problems: [],
    problem_count: 0,
  });
  expect(started.error).toBeUndefined();
  const id = started.result!.import_id;
  const sent = await callAs<AddReadingImportRowsResponse>('addReadingImportRows', member, {
    import_id: id,
    chunk: 0,
    rows,
  });
  expect(sent.result?.received).toBe(rows.length);
  const done = await eventually(
    async () => (await db.doc(`reading_imports/${id}`).get()).data(),
    (data) => data?.status === 'done',
    90_000,
  );
  return done!;
}

const shelfOf = async (bookId: string, uid: string) =>
  (await db.doc(`book_shelves/${shelfId(bookId, uid)}`).get()).get('shelf') as string | undefined;

describe('the import looks up rows not on Shelfmark', () => {
  it('finds them by ISBN in one batch and by title and author, adds each work once and shelves them', async () => {
    await standin('/_standin/reset');
    const reader = await makeMember();
    const report = await importRows(reader, [
      // Two editions of Anna Karenina by ISBN: one work, one book.
      row(2, { title: 'Anna Karenina', author: 'Leo Tolstoy', isbn13: '9798101731886', shelf: 'read' }),
      row(3, {
        title: 'Anna Karenina (Oxford)',
        author: 'Tolstoy, Leo',
        isbn13: '9787023217325',
        shelf: 'want-to-read',
      }),
      // No ISBN, a Goodreads series suffix: by title and author.
      row(4, {
        title: 'The Cherry Orchard (Plays, #4)',
        author: 'Anton Chekhov',
        isbn13: null,
        shelf: 'reading',
      }),
      // Nobody knows it: kept.
      row(5, { title: 'A Ledger of Small Winds', author: 'Nobody Known', isbn13: null, shelf: 'read' }),
    ]);
    expect(report).toMatchObject({ matched: 3, unmatched: 1 });
    const anna = await db.collection('books').where('source_id', '==', 'OL2000187W').get();
    expect(anna.size).toBe(1);
    const annaBook = anna.docs[0]!;
    expect(annaBook.get('kind')).toBe('catalogue');
    expect(annaBook.get('added_by')).toBe(reader.uid);
    expect(
      annaBook
        .get('editions')
        .map((e: { isbn: string }) => e.isbn)
        .sort(),
    ).toEqual(['9787023217325', '9798101731886']);
    const cherry = (await db.collection('books').where('source_id', '==', 'OL2000682W').get()).docs[0]!;
    expect(cherry.get('title')).toBe('The Cherry Orchard');
    // The later row of the same book wins its shelf, as a hand-made move would.
    expect(await shelfOf(annaBook.id, reader.uid)).toBeDefined();
    expect(await shelfOf(cherry.id, reader.uid)).toBe('reading');
    const kept = await db.collection('unmatched_reads').where('user_id', '==', reader.uid).get();
    expect(kept.docs.map((d) => [d.get('title'), d.get('looked_up')])).toEqual([
      ['A Ledger of Small Winds', true],
    ]);
    // Its cover is copied into the media store after the import, by the books trigger.
    await eventually(
      async () => (await db.doc(`books/${annaBook.id}`).get()).data(),
      (data) =>
        /^\/media\/catalogue\/book-covers\//.test(String(data?.cover_image)) &&
        data?.source_cover_id === null,
      30_000,
    );
    // Another member importing the same work gets the same book.
    const other = await makeMember();
    await importRows(other, [
      row(2, { title: 'Anna Karenina', author: 'Leo Tolstoy', isbn13: null, shelf: 'read' }),
    ]);
    expect((await db.collection('books').where('source_id', '==', 'OL2000187W').get()).size).toBe(1);
    expect(await shelfOf(annaBook.id, other.uid)).toBe('read');
  }, 150_000);

  it('keeps the rows when the source fails, and the next import looks them up and shelves them', async () => {
    await standin('/_standin/reset');
    const reader = await makeMember();
    // Every try of the batch and of the searches fails (the connector retries three times).
    await standin('/_standin/faults', { kind: '500', count: 40 });
    const first = await importRows(reader, [
      row(2, { title: 'The Awakening', author: 'Kate Chopin', isbn13: '9784960124792', shelf: 'read' }),
    ]);
    expect(first).toMatchObject({ matched: 0, unmatched: 1 });
    const kept = await db.collection('unmatched_reads').where('user_id', '==', reader.uid).get();
    expect(kept.docs.map((d) => d.get('looked_up'))).toEqual([false]);
    await standin('/_standin/reset');

    await importRows(reader, [
      row(2, {
        title: 'Barchester Towers',
        author: 'Anthony Trollope',
        isbn13: '9783978556793',
        shelf: 'want-to-read',
      }),
    ]);
    const awakening = await eventually(
      async () => (await db.collection('books').where('source_id', '==', 'OL2000715W').get()).docs[0],
      (doc) => doc !== undefined,
      30_000,
    );
    // The new book's creation applies the kept row (kept-rows.ts).
    await eventually(
      () => shelfOf(awakening!.id, reader.uid),
      (shelf) => shelf === 'read',
      30_000,
    );
    // The kept row is removed once applied (just after the shelf is written).
    await eventually(
      async () => (await db.collection('unmatched_reads').where('user_id', '==', reader.uid).get()).size,
      (size) => size === 0,
      30_000,
    );
  }, 180_000);
});
