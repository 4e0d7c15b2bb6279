/**
 * A member's reading written out in Goodreads' export layout, which Goodreads,
 * StoryGraph and BookWyrm all import: what "Export my reading" writes
 * (functions/src/imports/reading-export.ts).
 *
 * Pure: no I/O.
 */
import { isbn10Of } from '../books/isbn.ts';
import { csvText } from '../shared/csv.ts';
import type { Shelf } from '../shelves/shelf.ts';
import type { ImportFeel } from './import-row.ts';

/** The ISBN-10 a row's ISBN-13 has (for the export's ISBN column), or ''. */
export function isbn10Text(isbn13: string | null | undefined): string {
  return isbn13 ? (isbn10Of(isbn13) ?? '') : '';
}
/** Goodreads' export columns, in its order: what "Export my reading" writes. */
export const GOODREADS_COLUMNS = [
  'Book Id',
  'Title',
  'Author',
  'Author l-f',
  'Additional Authors',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Average Rating',
  'Publisher',
  'Binding',
  'Number of Pages',
  'Year Published',
  'Original Publication Year',
  'Date Read',
  'Date Added',
  'Bookshelves',
  'Bookshelves with positions',
  'Exclusive Shelf',
  'My Review',
  'Spoiler',
  'Private Notes',
  'Read Count',
  'Owned Copies',
] as const;

/** One book of a member's reading as the export writes it. */
export interface ExportRow {
  /** The Shelfmark book id ('' for a row not on Shelfmark yet). */
  bookId: string;
  title: string;
  author: string;
  isbn13: string | null;
  shelf: Shelf | null;
  customShelves: readonly string[];
  rating: number | null;
  review: string;
  /** YYYY-MM-DD or null. */
  finishedOn: string | null;
  addedOn: string | null;
  pages: number | null;
  publisher: string | null;
  /** The publication year, or null. */
  year: number | null;
  /** Finished read-throughs. */
  readCount: number;
  /** The member owns a copy. */
  owned?: boolean;
  /** The review's moods, pace and warnings (StoryGraph's layout writes them), when it has any. */
  feel?: ImportFeel;
}

const SHELF_EXPORT_NAMES: Readonly<Record<Shelf, string>> = {
  'want-to-read': 'to-read',
  reading: 'currently-reading',
  read: 'read',
  'did-not-finish': 'did-not-finish',
};

/** "Ann Archer" as "Archer, Ann" (Goodreads' Author l-f); a one-word name stays. */
function lastFirst(name: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.length < 2 ? name.trim() : `${parts.at(-1)}, ${parts.slice(0, -1).join(' ')}`;
}

const slashDay = (day: string | null) => (day ? day.replaceAll('-', '/') : '');

/** A member's reading as a Goodreads export (the header row, then one row per book). */
export function goodreadsCsv(rows: readonly ExportRow[]): string {
  return csvText([
    GOODREADS_COLUMNS,
    ...rows.map((row) => {
      const exclusive = row.shelf ? SHELF_EXPORT_NAMES[row.shelf] : (row.customShelves[0] ?? '');
      const shelves = [...new Set([...(row.shelf ? [exclusive] : []), ...row.customShelves])];
      return [
        row.bookId,
        row.title,
        row.author,
        lastFirst(row.author),
        '',
        isbn10Text(row.isbn13),
        row.isbn13 ?? '',
        row.rating ?? 0,
        '',
        row.publisher ?? '',
        '',
        row.pages ?? '',
        row.year ?? '',
        row.year ?? '',
        slashDay(row.finishedOn),
        slashDay(row.addedOn),
        shelves.join(', '),
        shelves.map((name, i) => `${name} (#${i + 1})`).join(', '),
        exclusive,
        row.review.replaceAll('\n', '<br/>'),
        '',
        '',
        row.readCount,
        row.owned ? 1 : 0,
      ];
    }),
  ]);
}
