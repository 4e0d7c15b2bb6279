/**
 * A reader's history as CSV, in and out: the exports of Goodreads and The
 * StoryGraph read into rows Shelfmark can match, and a member's reading written
 * out in Goodreads' layout (which Goodreads, StoryGraph and BookWyrm all import).
 *
 * Reading. The file is parsed into records by csv-parse (src/lib/reading-csv-file.ts:
 * quoted fields, line breaks inside quotes, a byte-order mark); here the header
 * record names the layout (the columns only Goodreads' or StoryGraph's export has). Each further line becomes one ImportRow
 * or one problem naming its row number as a spreadsheet shows it (the header is
 * row 1): a line whose quoting is broken, a row without a title, a date or rating
 * that is not one. The rows that were fine are kept whatever the others hold.
 *
 * Matching keys. A row is matched by ISBN-13 (an ISBN-10 is turned into its
 * ISBN-13), else by title and author folded as search folds them (accents,
 * case and punctuation set aside), with a Goodreads series suffix such as
 * "(The Hunger Games, #1)" taken off the title: titleAuthorKey, kept in
 * src/domain/books/match-key.ts (every book stores its own as match_key).
 *
 * Pure: no I/O. The import's server side and the browser both use it.
 */
import { z } from 'zod';
import { isbn10Of, parseIsbn } from '../books/isbn.ts';
import { csvText } from '../shared/csv.ts';
import type { ThrottleLimit } from '../shared/throttle.ts';
import { REVIEW_TEXT_MAX } from '../reviews/review.ts';
import { SHELVES, type Shelf } from '../shelves/shelf.ts';

/** The largest file a member may import, and the most rows. */
export const READING_IMPORT_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 20_000 } as const;
/** Longest title and author name a row keeps (longer ones are cut). */
const TITLE_MAX = 200;
const AUTHOR_MAX = 200;
/** Longest custom shelf name a row keeps, and the most custom shelves one row names. */
export const IMPORT_SHELF_NAME_MAX = 60;
export const IMPORT_SHELVES_PER_ROW = 20;

/** The exports Shelfmark reads. */
export const IMPORT_LAYOUTS = ['goodreads', 'storygraph'] as const;
export type ImportLayout = (typeof IMPORT_LAYOUTS)[number];
/** The services' names, as the report says them. */
export const IMPORT_LAYOUT_NAMES: Readonly<Record<ImportLayout, string>> = {
  goodreads: 'Goodreads',
  storygraph: 'The StoryGraph',
};

/** What the import says when a whole file cannot be read. */
export const READING_IMPORT_MESSAGES = {
  empty: 'This file is empty.',
  tooBig: 'This file is larger than 10 MB. Export a shorter history, or split the file.',
  tooManyRows: 'This file has more than 20,000 rows. Split it into smaller files.',
  notCsv: 'This file is not a CSV file. Upload the CSV file your Goodreads or StoryGraph export gave you.',
  unknownLayout:
    'This CSV file is not a Goodreads or StoryGraph export: its first row does not name their columns (Goodreads: Title, Author, ISBN13, Exclusive Shelf; StoryGraph: Title, Authors, ISBN/UID, Read Status).',
  noRows: 'This file has a header row but no books.',
} as const;

/** The columns that tell each layout apart (all must be in the header row). */
const LAYOUT_COLUMNS: Readonly<Record<ImportLayout, readonly string[]>> = {
  goodreads: ['Title', 'Author', 'ISBN13', 'Exclusive Shelf'],
  storygraph: ['Title', 'Authors', 'ISBN/UID', 'Read Status'],
};

/** The layout a header row names, or null. */
export function detectLayout(header: readonly string[]): ImportLayout | null {
  const names = new Set(header.map((name) => name.trim()));
  return IMPORT_LAYOUTS.find((layout) => LAYOUT_COLUMNS[layout].every((column) => names.has(column))) ?? null;
}

/** The earliest day a row may name: older dates are typing slips, not readings. */
export const IMPORT_FIRST_DAY = '1000-01-01';

/**
 * The last day a row may name: today where the day begins first (UTC+14), so a
 * reader's today is never refused wherever they are, and no later day passes.
 */
export function lastImportDay(now: number = Date.now()): string {
  return new Date(now + 14 * 60 * 60_000).toISOString().slice(0, 10);
}

/**
 * Why `day` (YYYY-MM-DD) cannot be a row's date, or null when it can: a day that
 * exists in the calendar (2026-02-31 does not, nor 2026-13-01: nothing rolls
 * over), not before IMPORT_FIRST_DAY and not after today (lastImportDay).
 */
export function importDayProblem(day: string, now: number = Date.now()): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  // Date.UTC maps years 0–99 to 1900–1999; such years fail the bound below anyway.
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day)
    return 'is not a real calendar day';
  if (day < IMPORT_FIRST_DAY) return 'is before the year 1000';
  if (day > lastImportDay(now)) return 'is after today';
  return null;
}

/** A calendar date as stored, YYYY-MM-DD (importRowSchema checks that it is a real day in range). */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The day fields of a row, with the names the report gives them. */
const ROW_DAYS = { started_on: 'start date', finished_on: 'finish date', added_on: 'date added' } as const;

/** One row of an export, as Shelfmark understands it, before its dates are checked (importRowSchema checks them). */
export const importRowFieldsSchema = z.object({
  /** Its row number in the file as a spreadsheet shows it (the header is row 1). */
  row: z.number().int().min(2),
  title: z.string().min(1).max(TITLE_MAX),
  author: z.string().max(AUTHOR_MAX),
  /** The ISBN-13 (an ISBN-10 turned into it), or null when the row has none that checks out. */
  isbn13: z
    .string()
    .regex(/^97[89]\d{10}$/)
    .nullable(),
  /** Want to read, Reading or Read; null for a row on none of them (a did-not-finish, a shelf of one's own). */
  shelf: z.enum(SHELVES).nullable(),
  /** The member's own shelves the row is on (Goodreads' Bookshelves, StoryGraph's tags). */
  custom_shelves: z.array(z.string().min(1).max(IMPORT_SHELF_NAME_MAX)).max(IMPORT_SHELVES_PER_ROW),
  /** Stars 1–5, or null for none. */
  rating: z.number().int().min(1).max(5).nullable(),
  /** The review's text ('' for none), as plain text. */
  review: z.string().max(REVIEW_TEXT_MAX),
  /** When the member started and last finished the book, or null. */
  started_on: daySchema.nullable(),
  finished_on: daySchema.nullable(),
  /** When the member added it to their shelves there, or null. */
  added_on: daySchema.nullable(),
});

/** One row of an export, its dates real days from the year 1000 to today. */
export const importRowSchema = importRowFieldsSchema.superRefine((row, ctx) => {
  // Checked wherever a row is read (the browser's parser, the callable that takes the
  // rows, a kept row applied later), each problem named by the row's number.
  for (const [field, name] of Object.entries(ROW_DAYS) as [keyof typeof ROW_DAYS, string][]) {
    const day = row[field];
    const problem = day === null ? null : importDayProblem(day);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `Row ${row.row}: the ${name} ${day} ${problem}.`,
      });
  }
});
/** One row. */
export type ImportRow = z.infer<typeof importRowSchema>;

/** A row that could not be read, and why ("Row 7: …"). */
export interface ImportProblem {
  row: number;
  message: string;
}

/** A file read: its layout, the rows that were fine and the problems of the others; or why none could be read. */
export type ParsedImport =
  | { ok: true; layout: ImportLayout; rows: ImportRow[]; problems: ImportProblem[] }
  | { ok: false; message: string };

/** "Row 7: …": a problem as the report lists it. */
export function problemText(problem: ImportProblem): string {
  return `Row ${problem.row}: ${problem.message}`;
}

/** Goodreads writes ISBNs as spreadsheet formulas (="0439023483"): the digits inside. */
function unformula(value: string): string {
  const match = /^="(.*)"$/.exec(value.trim());
  return (match ? match[1]! : value).trim();
}

/** A date as the exports write it (2020/05/17, 2020-05-17), as YYYY-MM-DD; '' is null; anything else throws. */
function dayOf(value: string, column: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(text);
  if (match) {
    const [, y, m, d] = match;
    const day = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
    const problem = importDayProblem(day);
    if (problem === null) return day;
    // A day the calendar has, out of range, says why; one it lacks (2026/02/31) is no date at all.
    if (problem !== 'is not a real calendar day')
      throw new RowProblem(`the ${column} “${text.slice(0, 40)}” ${problem}.`);
  }
  throw new RowProblem(`the ${column} “${text.slice(0, 40)}” is not a date (YYYY/MM/DD).`);
}

/** A row's problem, caught per row. */
class RowProblem extends Error {}

/** The ISBN-13 of the first of `values` that is a valid ISBN, or null. */
function isbnOf(...values: string[]): string | null {
  for (const value of values) {
    const compact = unformula(value);
    if (compact === '') continue;
    const parsed = parseIsbn(compact);
    if (parsed.ok) return parsed.isbn13;
  }
  return null;
}

/** Stars as Shelfmark keeps them (whole, 1–5) from an export's: 0 or '' is none, 4.5 rounds to 5. */
function starsOf(value: string, column: string): number | null {
  const text = value.trim();
  if (text === '' || text === '0') return null;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || n > 5)
    throw new RowProblem(`the ${column} “${text.slice(0, 10)}” is not a rating from 0 to 5.`);
  const stars = Math.round(n);
  return stars === 0 ? null : stars;
}

/** A review as plain text: Goodreads' <br/> as line breaks, other tags dropped, cut to the longest review. */
function reviewOf(value: string): string {
  return value
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .trim()
    .slice(0, REVIEW_TEXT_MAX);
}

/** Names in a list field ("favorites, to-read"), trimmed, each once, cut to the shelf name's length. */
function namesOf(value: string): string[] {
  const names = value
    .split(',')
    .map((name) => name.trim().slice(0, IMPORT_SHELF_NAME_MAX))
    .filter((name) => name !== '');
  return [...new Set(names)].slice(0, IMPORT_SHELVES_PER_ROW);
}

/** Goodreads' and StoryGraph's shelf names for the three shelves. */
const SHELF_NAMES: Readonly<Record<string, Shelf>> = {
  'to-read': 'want-to-read',
  'currently-reading': 'reading',
  read: 'read',
};

/** One row of a Goodreads export. */
function goodreadsRow(get: (column: string) => string, row: number): ImportRow {
  const exclusive = get('Exclusive Shelf').trim();
  const shelf = SHELF_NAMES[exclusive] ?? null;
  const own = namesOf(get('Bookshelves')).filter((name) => !(name in SHELF_NAMES));
  // A shelf of the member's own that Goodreads made exclusive (say, "did-not-finish") is one of their shelves here.
  const custom = shelf === null && exclusive !== '' && !own.includes(exclusive) ? [exclusive, ...own] : own;
  return {
    row,
    title: get('Title').trim().slice(0, TITLE_MAX),
    author: get('Author').trim().slice(0, AUTHOR_MAX),
    isbn13: isbnOf(get('ISBN13'), get('ISBN')),
    shelf,
    custom_shelves: custom.slice(0, IMPORT_SHELVES_PER_ROW),
    rating: starsOf(get('My Rating'), 'My Rating'),
    review: reviewOf(get('My Review')),
    started_on: null,
    finished_on: dayOf(get('Date Read'), 'Date Read'),
    added_on: dayOf(get('Date Added'), 'Date Added'),
  };
}

/** One row of a StoryGraph export. */
function storygraphRow(get: (column: string) => string, row: number): ImportRow {
  const status = get('Read Status').trim();
  // "Dates Read" holds each reading as start-end; the last one is the latest.
  const readings = get('Dates Read')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const last = readings.at(-1)?.split('-') ?? [];
  const started = last.length === 2 ? dayOf(last[0]!, 'Dates Read') : null;
  const finished =
    dayOf(get('Last Date Read'), 'Last Date Read') ??
    (last.length === 2 ? dayOf(last[1]!, 'Dates Read') : null);
  const custom = namesOf(get('Tags'));
  return {
    row,
    title: get('Title').trim().slice(0, TITLE_MAX),
    author: get('Authors').split(',')[0]!.trim().slice(0, AUTHOR_MAX),
    isbn13: isbnOf(get('ISBN/UID')),
    shelf: SHELF_NAMES[status] ?? null,
    custom_shelves: status === 'did-not-finish' && !custom.includes(status) ? [status, ...custom] : custom,
    rating: starsOf(get('Star Rating'), 'Star Rating'),
    review: reviewOf(get('Review')),
    started_on: started,
    finished_on: finished,
    added_on: dayOf(get('Date Added'), 'Date Added'),
  };
}

/** Whether text looks like a binary file rather than text: a NUL, or more than 1 % other control characters. */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, 4096);
  let controls = 0;
  for (let i = 0; i < sample.length; i += 1) {
    const code = sample.charCodeAt(i);
    if (code === 0) return true;
    if (code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12 && code !== 11) controls += 1;
  }
  return controls > sample.length / 100;
}

/** One record of a CSV file: its fields and the line it ended on. */
export interface CsvRecord {
  cells: string[];
  line: number;
}

/** What the CSV parser gives: the records it read, and the lines of those whose quoting was broken. */
export type CsvRecords = { ok: true; records: CsvRecord[]; broken: number[] } | { ok: false };

/** The checks made before a file is parsed at all: its size, and that it is text. */
export function fileProblem(text: string, bytes: number): string | null {
  if (bytes > READING_IMPORT_LIMITS.maxBytes) return READING_IMPORT_MESSAGES.tooBig;
  if (text.trim() === '') return READING_IMPORT_MESSAGES.empty;
  if (looksBinary(text)) return READING_IMPORT_MESSAGES.notCsv;
  return null;
}

/**
 * Reads an export's records (see the file comment): the layout from its header
 * record, one ImportRow per good row, one problem per broken one (`parsed.broken`:
 * lines whose quoting the parser could not read).
 */
export function readImport(parsed: CsvRecords): ParsedImport {
  if (!parsed.ok) return { ok: false, message: READING_IMPORT_MESSAGES.notCsv };
  const problems: ImportProblem[] = parsed.broken.map((row) => ({
    row,
    message: 'its quotes are not closed, so the row cannot be read.',
  }));
  const [head, ...body] = parsed.records;
  if (!head) return { ok: false, message: READING_IMPORT_MESSAGES.empty };
  const layout = detectLayout(head.cells);
  if (layout === null)
    return {
      ok: false,
      message: head.cells.length < 2 ? READING_IMPORT_MESSAGES.notCsv : READING_IMPORT_MESSAGES.unknownLayout,
    };
  if (body.length === 0) return { ok: false, message: READING_IMPORT_MESSAGES.noRows };
  if (body.length > READING_IMPORT_LIMITS.maxRows)
    return { ok: false, message: READING_IMPORT_MESSAGES.tooManyRows };
  const index = new Map(head.cells.map((name, i) => [name.trim(), i]));
  const rows: ImportRow[] = [];
  for (const { cells, line } of body) {
    // The line the record ended on: a spreadsheet's row number when no field spans lines.
    const row = line;
    const get = (column: string) => cells[index.get(column) ?? -1] ?? '';
    try {
      const read = layout === 'goodreads' ? goodreadsRow(get, row) : storygraphRow(get, row);
      if (read.title === '') throw new RowProblem('it has no title.');
      rows.push(importRowSchema.parse(read));
    } catch (error) {
      problems.push({
        row,
        message: error instanceof RowProblem ? error.message : 'it cannot be read as a book.',
      });
    }
  }
  problems.sort((a, b) => a.row - b.row);
  return { ok: true, layout, rows, problems };
}

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
}

const SHELF_EXPORT_NAMES: Readonly<Record<Shelf, string>> = {
  'want-to-read': 'to-read',
  reading: 'currently-reading',
  read: 'read',
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
        0,
      ];
    }),
  ]);
}

/** What "Export my reading" answers: the CSV, its file name and how many books it holds. */
export interface ReadingExport {
  csv: string;
  file_name: string;
  rows: number;
}

/** The export's file name on `day`: shelfmark-reading-2026-12-02.csv. */
export function readingExportFileName(day: Date): string {
  return `shelfmark-reading-${day.toISOString().slice(0, 10)}.csv`;
}

/** The messages of "Export my reading". */
export const READING_EXPORT_MESSAGES = {
  failed: 'Could not prepare your reading. Please try again.',
  empty: 'Your shelves are empty: there is nothing to export yet.',
  throttled: 'You have exported your reading many times in a short while. Please try again later.',
} as const;

/** How often one member may export their reading (each export reads their whole history). */
export const READING_EXPORT_LIMITS: readonly ThrottleLimit[] = [
  { max: 10, windowMs: 60 * 60_000 },
  { max: 50, windowMs: 24 * 60 * 60_000 },
];
