// Importing a reading history on the emulators, through the real callables and
// task queue: rows matched by ISBN and by title and author become shelf entries,
// read-throughs counted in their year, ratings and reviews; one's own book is
// shelved but not reviewed; a row not on Shelfmark is kept for the member and is
// applied once its book is added; a book already shelved keeps its shelf; the same
// file imported again changes nothing; another member cannot feed someone's
// import; a running import refuses a second; bad rows are refused with their
// message. Members and books of its own; nothing here empties the shared project.
import { describe, expect, it } from 'vitest';
import type { ImportRow } from '../../../src/domain/imports/import-row';
import { titleAuthorKey } from '../../../src/domain/books/match-key';
import {
  MAX_IMPORTED_FINISHES_PER_BOOK,
  READING_IMPORT_TEXT,
  type AddReadingImportRowsResponse,
  type SettleImportedReviewsResponse,
  type StartReadingImportResponse,
} from '../../../src/domain/imports/reading-import';
import { importRow, readingFields } from '../../shared/reading-import';
import { adminDb, afterSentinel, eventually, uniqueId } from '../helpers/emulator';
import { bookData, profileData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();

const row = (n: number, fields: Partial<ImportRow>): ImportRow => importRow({ row: n, ...fields });

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
    // An ISBN of this file's own: reading-export.test.ts, run beside it, stores a book with 9780439023481.
    const isbn = '9780945712343';
    const byIsbn = await publicBook('Salt and Lanterns', 'Ann Archer', { isbn });
    const byTitle = await publicBook('L’Œuvre', 'Émile Zola');
    const givenUp = await publicBook('Heavy Going', 'Dora Dense');
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
        feel: { moods: ['hopeful'], pace: 'fast', warnings: ['war'], warning_note: 'Off the page.' },
      }),
      row(3, { title: "l'oeuvre", author: 'emile zola', shelf: 'want-to-read', owned: true }),
      // Given up on: its shelf, and no finish counted whatever date it carries.
      row(6, {
        title: 'Heavy Going',
        author: 'Dora Dense',
        shelf: 'did-not-finish',
        finished_on: '2025-07-01',
      }),
      row(4, { title: 'My Own', author: 'Rita Reader', shelf: 'read', rating: 5 }),
      row(5, {
        title: 'Not Here Yet',
        author: 'Nobody Known',
        isbn13: '9781635575637',
        shelf: 'read',
        rating: 3,
        feel: { moods: ['sad'], pace: null, warnings: [], warning_note: '' },
      }),
    ];
    const { id, report } = await importRows(reader, rows);
    expect(report).toMatchObject({
      total: 5,
      processed: 5,
      matched: 4,
      unmatched: 1,
      reasons: { own_book: 1, not_on_shelfmark: 1 },
      problems: [{ row: 9, message: 'it has no title.' }],
      problem_count: 1,
    });

    const entry = (bookId: string) => db.doc(`book_shelves/${bookId}__${reader.uid}`).get();
    expect((await entry(byIsbn)).get('shelf')).toBe('read');
    expect((await entry(byTitle)).data()).toMatchObject({ shelf: 'want-to-read', owned: true });
    expect((await entry(byIsbn)).get('owned')).toBe(false);
    expect((await entry(givenUp)).get('shelf')).toBe('did-not-finish');
    expect((await entry(own.id)).get('shelf')).toBe('read');
    const review = await db.doc(`book_reviews/${byIsbn}__${reader.uid}`).get();
    expect(review.data()).toMatchObject({
      rating: 4,
      text: 'Lovely.',
      moods: ['hopeful'],
      pace: 'fast',
      warnings: ['war'],
      warning_note: 'Off the page.',
      moderation: 'published',
      reviewer_public: true,
    });
    expect((await db.doc(`books/${byIsbn}`).get()).data()).toMatchObject({
      rating_count: 1,
      rating_sum: 4,
      feel_totals: { moods_answered: 1, moods: { hopeful: 1 }, pace: { fast: 1 }, warnings: { war: 1 } },
    });
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
    expect(again.report).toMatchObject({ matched: 4, unmatched: 1 });
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
    // Nothing is published in the member's name weeks later on its own: the rating waits for them.
    expect((await db.doc(`book_reviews/${later}__${reader.uid}`).get()).exists).toBe(false);
    expect(
      (await db
        .doc(`import_pending_reviews/${later}__${reader.uid}`)
        .get()
        .then((d) => d.data())) ?? {},
    ).toMatchObject({
      rating: 3,
      feel: { moods: ['sad'] },
      status: 'waiting',
      book_id: later,
    });
    const published = await callAs<SettleImportedReviewsResponse>('settleImportedReviews', reader, {
      action: 'publish',
    });
    expect(published.result).toEqual({ settled: 1, remaining: 0 });
    expect((await db.doc(`book_reviews/${later}__${reader.uid}`).get()).data()).toMatchObject({
      rating: 3,
      moderation: 'published',
      reviewer_public: true,
    });
    expect((await db.doc(`books/${later}`).get()).data()).toMatchObject({ rating_count: 1, rating_sum: 3 });
    expect((await db.doc(`import_pending_reviews/${later}__${reader.uid}`).get()).exists).toBe(false);
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
    // An ISBN of this test's own: catalogue-curation.test.ts leaves claims of 9780306406157 behind when it runs last.
    const isbn = '9781861978769';
    const at = new Date();
    await db.doc(`unmatched_reads/${good.uid}__k`).set({
      user_id: good.uid,
      ...readingFields({ title: 'Arrives Later', author: 'Lee Later', isbn13: isbn, shelf: 'want-to-read' }),
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

describe('rows kept until their book is added, and the member', () => {
  it('a deactivated member’s kept row fills their journal but publishes nothing; they may keep it private', async () => {
    const reader = await makeMember();
    const isbn = '9780262033848';
    await importRows(
      reader,
      [
        row(2, {
          title: 'Quiet Arrival',
          author: 'Quinn Q',
          isbn13: isbn,
          shelf: 'read',
          rating: 5,
          review: 'Mine.',
        }),
      ],
      [],
    );
    await db.doc(`profiles/${reader.uid}`).update({ is_active: false });
    const bookId = await publicBook('Quiet Arrival', 'Quinn Q', { isbn });
    await eventually(
      async () => (await db.collection('unmatched_reads').where('user_id', '==', reader.uid).get()).size,
      (n) => n === 0,
      60_000,
    );
    expect((await db.doc(`book_shelves/${bookId}__${reader.uid}`).get()).get('shelf')).toBe('read');
    expect((await db.doc(`book_reviews/${bookId}__${reader.uid}`).get()).exists).toBe(false);
    expect((await db.doc(`books/${bookId}`).get()).get('rating_count') ?? 0).toBe(0);
    // While deactivated they cannot publish it; once back, they keep it private instead.
    expect((await callAs('settleImportedReviews', reader, { action: 'publish' })).error?.status).toBe(
      'PERMISSION_DENIED',
    );
    await db.doc(`profiles/${reader.uid}`).update({ is_active: true });
    const kept = await callAs<SettleImportedReviewsResponse>('settleImportedReviews', reader, {
      action: 'private',
    });
    expect(kept.result).toEqual({ settled: 1, remaining: 0 });
    expect((await db.doc(`import_pending_reviews/${bookId}__${reader.uid}`).get()).get('status')).toBe(
      'private',
    );
    expect((await db.doc(`book_reviews/${bookId}__${reader.uid}`).get()).exists).toBe(false);
  }, 240_000);

  it('a kept row that throws is recorded and left out; the other members’ rows are applied and the trigger succeeds', async () => {
    const good = await makeMember();
    const poisoned = await makeMember();
    const isbn = '9780596007126';
    const kept = (uid: string, fields: Record<string, unknown>) => ({
      user_id: uid,
      ...readingFields({ title: 'Poison Pen', author: 'Pat Poison', isbn13: isbn, shelf: 'read' }),
      match_key: null,
      import_id: 'imp',
      created_at: new Date(),
      ...fields,
    });
    // A day the calendar lacks, which would roll over into March if applied.
    await db.doc(`unmatched_reads/${poisoned.uid}__p`).set(kept(poisoned.uid, { finished_on: '2026-02-31' }));
    await db.doc(`unmatched_reads/${good.uid}__p`).set(kept(good.uid, { finished_on: '2025-04-02' }));
    const bookId = await publicBook('Poison Pen', 'Pat Poison', { isbn });
    await eventually(
      async () => (await db.doc(`unmatched_reads/${good.uid}__p`).get()).exists,
      (exists) => !exists,
      60_000,
    );
    expect((await db.doc(`book_shelves/${bookId}__${good.uid}`).get()).get('shelf')).toBe('read');
    expect((await db.doc(`reading_years/${good.uid}__2025`).get()).get('finished')).toBe(1);
    // The poisoned row stays for the member, named for the admins, and counted nowhere.
    expect((await db.doc(`unmatched_reads/${poisoned.uid}__p`).get()).exists).toBe(true);
    expect((await db.doc(`book_shelves/${bookId}__${poisoned.uid}`).get()).exists).toBe(false);
    const failures = await eventually(
      async () =>
        (await db.collection('server_failures').where('kind', '==', 'import-row').get()).docs.filter(
          (doc) => doc.get('context.row') === `${poisoned.uid}__p`,
        ),
      (docs) => docs.length > 0,
      30_000,
    );
    expect(failures[0]!.get('message')).toContain('2026-02-31 is not a real calendar day');
    // The handler itself succeeded: nothing kept for a retry.
    expect((await db.collection('trigger_retries').where('document_id', '==', bookId).get()).size).toBe(0);
  }, 120_000);
});

describe('an ISBN names one book', () => {
  it('a copy carrying another book’s ISBN wins no import match and receives no kept row', async () => {
    const reader = await makeMember();
    const waiting = await makeMember();
    const isbn = '9780134685991';
    const real = await publicBook('Effective Lines', 'Joan Real', { isbn });
    await db.doc(`isbn_claims/${isbn}`).set({
      book_id: real,
      user_id: (await db.doc(`books/${real}`).get()).get('user_id'),
      claimed_at: new Date(),
    });
    // A copy under the same ISBN (stored before the claims, or written around them), by another author.
    const copy = await publicBook('Effective Lines!', 'Sly Copier', { isbn });
    await importRows(
      reader,
      [row(2, { title: 'Whatever', author: 'Anyone', isbn13: isbn, shelf: 'read', rating: 2 })],
      [],
    );
    expect((await db.doc(`book_shelves/${real}__${reader.uid}`).get()).get('shelf')).toBe('read');
    expect((await db.doc(`book_shelves/${copy}__${reader.uid}`).get()).exists).toBe(false);
    expect((await db.doc(`book_reviews/${copy}__${reader.uid}`).get()).exists).toBe(false);

    // A kept row under a claimed ISBN is not applied to a copy that goes public.
    const other = '9781491950357';
    await importRows(
      waiting,
      [row(2, { title: 'Kept For Real', author: 'Rae Real', isbn13: other, shelf: 'read', rating: 5 })],
      [],
    );
    const holderAuthor = uniqueId('author');
    await db.doc(`profiles/${holderAuthor}`).set(profileData(holderAuthor, { display_name: 'Rae Real' }));
    const holder = await db.collection('books').add(
      bookData(holderAuthor, {
        title: 'Kept For Real',
        author: { display_name: 'Rae Real' },
        is_active: false,
        is_public: false,
        owner_public: true,
        isbn: other,
      }),
    );
    await db
      .doc(`isbn_claims/${other}`)
      .set({ book_id: holder.id, user_id: 'someone', claimed_at: new Date() });
    const sneaky = await publicBook('Totally Different', 'Sly Copier', { isbn: other });
    // A book written after the copy is processed: the books trigger has handled the copy by then.
    const sentinel = db.collection('books').doc(uniqueId('sentinel'));
    await afterSentinel(
      () => sentinel.set(bookData(uniqueId('author'), { title: 'Sentinel' })),
      async () => (await sentinel.get()).data() ?? {},
      (book) => Array.isArray(book.search_keywords),
      60_000,
    );
    expect((await db.collection('unmatched_reads').where('user_id', '==', waiting.uid).get()).size).toBe(1);
    // The book holding the claim goes public: the kept row is applied to it, never to the copy.
    await holder.update({ is_active: true, is_public: true });
    await eventually(
      async () => (await db.doc(`book_shelves/${holder.id}__${waiting.uid}`).get()).exists,
      (exists) => exists,
      60_000,
    );
    expect((await db.doc(`book_shelves/${sneaky}__${waiting.uid}`).get()).exists).toBe(false);
  }, 240_000);
});

describe('dates and counts that mean something', () => {
  it('refuses days the calendar lacks, the future and before the year 1000, naming the row', async () => {
    const reader = await makeMember();
    const started = await callAs<StartReadingImportResponse>('startReadingImport', reader, {
      layout: 'goodreads',
      file_name: 'dates.csv',
      total: 1,
      problems: [],
      problem_count: 0,
    });
    const id = started.result!.import_id;
    const send = (fields: Partial<ImportRow>) =>
      callAs('addReadingImportRows', reader, {
        import_id: id,
        chunk: 0,
        rows: [row(7, { title: 'D', ...fields })],
      });
    expect((await send({ finished_on: '2026-13-01' })).error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Row 7: the finish date 2026-13-01 is not a real calendar day.',
    });
    expect((await send({ finished_on: '2026-02-31' })).error?.message).toBe(
      'Row 7: the finish date 2026-02-31 is not a real calendar day.',
    );
    expect((await send({ started_on: '2999-01-01' })).error?.message).toBe(
      'Row 7: the start date 2999-01-01 is after today.',
    );
    expect((await send({ added_on: '0999-12-31' })).error?.message).toBe(
      'Row 7: the date added 0999-12-31 is before the year 1000.',
    );
    expect((await db.doc(`reading_imports/${id}`).get()).get('received')).toBe(0);
  });

  it('one book under 28 dates counts a handful of finishes, and one date twice counts once', async () => {
    const reader = await makeMember();
    const bookId = await publicBook('Pumped', 'Pam Pump');
    const rows = Array.from({ length: 28 }, (_, i) =>
      row(i + 2, {
        title: 'Pumped',
        author: 'Pam Pump',
        shelf: 'read',
        finished_on: `2025-02-${String(i + 1).padStart(2, '0')}`,
      }),
    );
    rows.push(row(30, { title: 'Pumped', author: 'Pam Pump', shelf: 'read', finished_on: '2025-02-01' }));
    await importRows(reader, rows, []);
    const finishes = await db
      .collection('read_throughs')
      .where('user_id', '==', reader.uid)
      .where('book_id', '==', bookId)
      .get();
    expect(finishes.size).toBe(MAX_IMPORTED_FINISHES_PER_BOOK);
    expect((await db.doc(`reading_years/${reader.uid}__2025`).get()).get('finished')).toBe(
      MAX_IMPORTED_FINISHES_PER_BOOK,
    );
    // The same file again adds none.
    await importRows(reader, rows, []);
    expect((await db.doc(`reading_years/${reader.uid}__2025`).get()).get('finished')).toBe(
      MAX_IMPORTED_FINISHES_PER_BOOK,
    );
  }, 240_000);
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
    const send = (member: Member, chunk: number, rows: unknown[]) =>
      callAs('addReadingImportRows', member, { import_id: id, chunk, rows });
    expect((await start(reader)).error?.message).toBe(READING_IMPORT_TEXT.busy);
    expect((await send(other, 0, [row(2, { title: 'X' })])).error?.status).toBe('NOT_FOUND');
    const bad = await send(reader, 0, [{ ...row(2, { title: 'X' }), rating: 9 }]);
    expect(bad.error?.status).toBe('INVALID_ARGUMENT');
    expect((await send(reader, 5, [row(2, { title: 'X' })])).error?.status).toBe('INVALID_ARGUMENT');
    expect((await db.doc(`reading_imports/${id}`).get()).get('received')).toBe(0);
    expect((await start(undefined)).error?.status).toBe('UNAUTHENTICATED');
  });
});
