/**
 * One row of a reading history, as Shelfmark understands it whatever service exported
 * it: the book (title, author, ISBN-13), its shelf and the member's own shelves, stars,
 * review and dates. Each source's layout (src/domain/imports/sources/) reads its
 * export's cells into this row; the browser's parser, the callable that takes the rows
 * and a kept row applied later all check it with importRowSchema.
 *
 * Pure: no I/O.
 */
import { z } from 'zod';
import { REVIEW_TEXT_MAX } from '../reviews/review.ts';
import { SHELVES } from '../shelves/shelf.ts';
import { reviewFeelSchema } from '../books/book-feel.ts';

/** What a row may say about how the book felt: the review's answers, without its spoiler part. */
export const importFeelSchema = reviewFeelSchema.pick({
  moods: true,
  pace: true,
  warnings: true,
  warning_note: true,
});
export type ImportFeel = z.output<typeof importFeelSchema>;
/** A row that says nothing about how the book felt. */
export const NO_IMPORTED_FEEL: ImportFeel = { moods: [], pace: null, warnings: [], warning_note: '' };

/** Longest title and author name a row keeps (longer ones are cut). */
export const TITLE_MAX = 200;
export const AUTHOR_MAX = 200;
/** Longest custom shelf name a row keeps, and the most custom shelves one row names. */
export const IMPORT_SHELF_NAME_MAX = 60;
export const IMPORT_SHELVES_PER_ROW = 20;

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
  /** The member owns a copy (Goodreads' Owned Copies above 0, StoryGraph's Owned? Yes). */
  owned: z.boolean().default(false),
  /** How the book felt to the member (StoryGraph's moods, pace and content warnings); none from Goodreads. */
  feel: importFeelSchema.default(NO_IMPORTED_FEEL),
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

/** "Row 7: …": a problem as the report lists it. */
export function problemText(problem: ImportProblem): string {
  return `Row ${problem.row}: ${problem.message}`;
}
