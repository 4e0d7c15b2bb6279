// A demo import of the demo reader's history (src/domain/imports/reading-import.ts),
// as the import would have left it weeks after it ran: a finished import, and two
// books of it that came to Shelfmark later, on the reader's Read shelf (read-throughs
// follow from the shelf, scripts/seed/reading.ts) with their ratings and reviews
// waiting for the reader to publish them ("2 books from your import are now on
// Shelfmark" on /account).
import { IMPORT_PENDING_REVIEWS, READING_IMPORTS } from '../../src/domain/imports/reading-import.ts';
import { reviewId } from '../../src/domain/reviews/review.ts';
import { shelfId } from '../../src/domain/shelves/shelf.ts';
import { REFERENCE_DATE, type SeedDoc } from './context.ts';
import type { SeedBook } from './books.ts';
import type { Member } from './members.ts';

/** The demo account whose /account shows the waiting ratings. */
const DEMO_READER = 'demo-reader';
const DAY = 24 * 60 * 60_000;
const WAITING = [
  { rating: 5, review: 'Stayed with me for weeks.' },
  { rating: 4, review: '' },
];

/** The books the import brought onto the reader's Read shelf after it ran: public, not theirs, not shelved yet. */
function broughtIn(members: readonly Member[], books: readonly SeedBook[], shelves: readonly SeedDoc[]) {
  const reader = members.find((member) => member.uid === DEMO_READER && member.active);
  if (!reader) return null;
  const shelved = new Set(shelves.map((doc) => doc.id));
  const picks = books
    .filter(
      (book) =>
        book.doc.data.is_public === true &&
        book.userId !== reader.uid &&
        !shelved.has(shelfId(book.id, reader.uid)),
    )
    .sort((a, b) => a.id.localeCompare(b.id))
    .slice(0, WAITING.length);
  return { reader, picks };
}

/** The Read shelf entries of the imported books (before the read-throughs are made from the shelves). */
export function importedShelfEntries(
  members: readonly Member[],
  books: readonly SeedBook[],
  shelves: readonly SeedDoc[],
): SeedDoc[] {
  const brought = broughtIn(members, books, shelves);
  if (!brought) return [];
  return brought.picks.map((book, i) => ({
    collection: 'book_shelves',
    id: shelfId(book.id, brought.reader.uid),
    data: {
      book_id: book.id,
      book_title: book.title,
      user_id: brought.reader.uid,
      shelf: 'read',
      book_public: true,
      updated_at: new Date(REFERENCE_DATE.getTime() - (3 + i) * DAY),
    },
  }));
}

/** The finished import and the ratings and reviews of `entries` (importedShelfEntries) waiting for the reader. */
export function generateReadingImport(entries: readonly SeedDoc[]): SeedDoc[] {
  if (entries.length === 0) return [];
  const uid = String(entries[0]!.data.user_id);
  const ran = new Date(REFERENCE_DATE.getTime() - 40 * DAY);
  const report: SeedDoc = {
    collection: READING_IMPORTS,
    id: `import-${uid}`,
    data: {
      user_id: uid,
      layout: 'goodreads',
      file_name: 'goodreads_library_export.csv',
      status: 'done',
      total: 14,
      received: 14,
      processed: 14,
      matched: 12,
      unmatched: 2,
      reasons: { not_on_shelfmark: 2 },
      problems: [],
      problem_count: 0,
      created_at: ran,
      updated_at: ran,
      finished_at: ran,
    },
  };
  return [
    report,
    ...entries.map((entry, i): SeedDoc => ({
      collection: IMPORT_PENDING_REVIEWS,
      id: reviewId(String(entry.data.book_id), uid),
      data: {
        user_id: uid,
        book_id: entry.data.book_id,
        book_title: entry.data.book_title,
        rating: WAITING[i]!.rating,
        review: WAITING[i]!.review,
        status: 'waiting',
        created_at: entry.data.updated_at,
      },
    })),
  ];
}
