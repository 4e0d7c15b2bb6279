/**
 * A member's reading written out in The StoryGraph's export layout, when the member asks
 * for it: the same columns StoryGraph's own export has (and the import reads back),
 * with the moods, pace and content warnings of the member's reviews in StoryGraph's
 * columns. What Shelfmark does not keep (characters, format) is left blank.
 *
 * Pure: no I/O.
 */
import { CONTENT_WARNINGS } from '../books/book-feel.ts';
import { csvText } from '../shared/csv.ts';
import type { Shelf } from '../shelves/shelf.ts';
import type { ExportRow } from './goodreads-export.ts';

/** StoryGraph's export columns, in its order. */
export const STORYGRAPH_COLUMNS = [
  'Title',
  'Authors',
  'Contributors',
  'ISBN/UID',
  'Format',
  'Read Status',
  'Date Added',
  'Last Date Read',
  'Dates Read',
  'Read Count',
  'Moods',
  'Pace',
  'Character- or Plot-Driven?',
  'Strong Character Development?',
  'Loveable Characters?',
  'Diverse Characters?',
  'Flawed Characters?',
  'Star Rating',
  'Review',
  'Content Warnings',
  'Content Warning Description',
  'Tags',
  'Owned?',
] as const;

const STATUS_NAMES: Readonly<Record<Shelf, string>> = {
  'want-to-read': 'to-read',
  reading: 'currently-reading',
  read: 'read',
  'did-not-finish': 'did-not-finish',
};

const slashDay = (day: string | null) => (day ? day.replaceAll('-', '/') : '');

/** A member's reading as a StoryGraph export (the header row, then one row per book). */
export function storygraphCsv(rows: readonly ExportRow[]): string {
  return csvText([
    STORYGRAPH_COLUMNS,
    ...rows.map((row) => {
      // A book on no standard shelf keeps its first own shelf as its status.
      const status = row.shelf ? STATUS_NAMES[row.shelf] : (row.customShelves[0] ?? '');
      const tags = row.customShelves.filter((name) => name !== status);
      const feel = row.feel;
      return [
        row.title,
        row.author,
        '',
        row.isbn13 ?? '',
        '',
        status,
        slashDay(row.addedOn),
        slashDay(row.finishedOn),
        '',
        row.readCount,
        feel ? feel.moods.join(', ') : '',
        feel?.pace ?? '',
        '',
        '',
        '',
        '',
        '',
        row.rating ?? '',
        row.review,
        feel ? feel.warnings.map((warning) => CONTENT_WARNINGS[warning]).join(', ') : '',
        feel?.warning_note ?? '',
        tags.join(', '),
        row.owned ? 'Yes' : 'No',
      ];
    }),
  ]);
}
