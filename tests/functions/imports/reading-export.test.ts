// "Export my reading" on the emulators: a member's shelves, ratings, reviews and
// read-throughs come out as a Goodreads CSV that reads back in (the import's own
// parser), with the book's details from the book; another member's reading never
// does; an empty history is refused with its message; a visitor is refused.
// Members of its own; nothing here empties the shared project.
import { describe, expect, it } from 'vitest';
import { READING_EXPORT_MESSAGES, type ReadingExport } from '../../../src/domain/imports/reading-export';
import { parseReadingCsv } from '../../../src/lib/reading-csv-file';
import { adminDb } from '../helpers/emulator';
import { bookData } from '../helpers/factories';
import { callAs, makeMember } from '../helpers/profile-members';

const db = adminDb();
const at = (iso: string) => new Date(iso);

describe('exportReading', () => {
  it('writes the member’s shelves, ratings, reviews and read dates in Goodreads’ layout, and nobody else’s', async () => {
    const reader = await makeMember();
    const other = await makeMember();
    const author = await makeMember({ profile: { display_name: 'Ann Archer' } });
    const read = await db.collection('books').add(
      bookData(author.uid, {
        title: 'Salt and Lanterns',
        author: { display_name: 'Ann Archer' },
        isbn: '9780439023481',
        pages: 320,
        publisher: 'Harbour Press',
        publication_date: '2025-04-01',
      }),
    );
    const wanted = await db.collection('books').add(bookData(author.uid, { title: 'Tide Tables' }));
    await db.doc(`book_shelves/${read.id}__${reader.uid}`).set({
      book_id: read.id,
      book_title: 'Salt and Lanterns',
      user_id: reader.uid,
      shelf: 'read',
      book_public: true,
      owned: true,
      updated_at: at('2026-03-14T10:00:00Z'),
    });
    await db.doc(`book_shelves/${wanted.id}__${reader.uid}`).set({
      book_id: wanted.id,
      book_title: 'Tide Tables',
      user_id: reader.uid,
      shelf: 'want-to-read',
      book_public: true,
      updated_at: at('2026-04-01T10:00:00Z'),
    });
    await db.doc(`book_reviews/${read.id}__${reader.uid}`).set({
      book_id: read.id,
      user_id: reader.uid,
      rating: 4,
      text: 'Lovely.\nTwice.',
      moods: ['hopeful', 'reflective'],
      pace: 'slow',
      warnings: ['grief'],
      warning_note: 'A death, off the page.',
      spoiler: 'Not in any export column.',
      created_at: at('2026-03-15T10:00:00Z'),
      updated_at: at('2026-03-15T10:00:00Z'),
    });
    for (const finished of ['2025-06-01T12:00:00Z', '2026-03-14T12:00:00Z'])
      await db.collection('read_throughs').add({
        user_id: reader.uid,
        book_id: read.id,
        book_title: 'Salt and Lanterns',
        started_at: null,
        finished_at: at(finished),
        progress_page: null,
        progress_percent: null,
        updated_at: at(finished),
      });
    // Another member's shelf of the same book stays theirs.
    await db.doc(`book_shelves/${read.id}__${other.uid}`).set({
      book_id: read.id,
      book_title: 'Salt and Lanterns',
      user_id: other.uid,
      shelf: 'reading',
      book_public: true,
      updated_at: at('2026-03-01T10:00:00Z'),
    });

    const answer = await callAs<ReadingExport>('exportReading', reader, {});
    expect(answer.error).toBeUndefined();
    expect(answer.result).toMatchObject({
      rows: 2,
      file_name: expect.stringMatching(/^shelfmark-reading-\d{4}-\d{2}-\d{2}\.csv$/),
    });
    const parsed = parseReadingCsv(answer.result!.csv);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.layout).toBe('goodreads');
    expect(parsed.rows).toEqual([
      {
        row: 2,
        title: 'Salt and Lanterns',
        author: 'Ann Archer',
        isbn13: '9780439023481',
        shelf: 'read',
        custom_shelves: [],
        rating: 4,
        review: 'Lovely.\nTwice.',
        started_on: null,
        finished_on: '2026-03-14',
        added_on: '2026-03-14',
        owned: true,
        // Goodreads' layout has no columns for them.
        feel: { moods: [], pace: null, warnings: [], warning_note: '' },
      },
      expect.objectContaining({
        title: 'Tide Tables',
        shelf: 'want-to-read',
        rating: null,
        finished_on: null,
      }),
    ]);
    expect(answer.result!.csv).toContain(',320,2025,2025,');
    expect(answer.result!.csv).toMatch(/,read,Lovely\.<br\/>Twice\.,,,2,1\r\n/);

    // The StoryGraph's layout carries the moods, pace and warnings in its columns.
    const storygraph = await callAs<ReadingExport>('exportReading', reader, { layout: 'storygraph' });
    expect(storygraph.result?.file_name).toMatch(/^shelfmark-reading-storygraph-\d{4}-\d{2}-\d{2}\.csv$/);
    const back = parseReadingCsv(storygraph.result!.csv);
    expect(back.ok && back.layout).toBe('storygraph');
    if (!back.ok) return;
    expect(back.rows[0]).toMatchObject({
      title: 'Salt and Lanterns',
      rating: 4,
      owned: true,
      feel: {
        moods: ['hopeful', 'reflective'],
        pace: 'slow',
        warnings: ['grief'],
        warning_note: 'A death, off the page.',
      },
    });
    expect(storygraph.result!.csv).not.toContain('Not in any export column.');
    expect((await callAs('exportReading', reader, { layout: 'kindle' })).error?.status).toBe(
      'INVALID_ARGUMENT',
    );
  });

  it('refuses an empty history with its message, and a visitor', async () => {
    const empty = await makeMember();
    expect((await callAs('exportReading', empty, {})).error?.message).toBe(READING_EXPORT_MESSAGES.empty);
    expect((await callAs('exportReading', undefined, {})).error?.status).toBe('UNAUTHENTICATED');
  });
});
