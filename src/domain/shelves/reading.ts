/**
 * The readers' journal (issue 40, parts 1–2): read-throughs with progress and
 * dates, and a yearly reading goal.
 *
 * A read-through, read_throughs/{auto id}, is one reading of one book by one
 * member: started when the book goes on 'Reading', finished (finished_at) when
 * the member records 100 %, presses Finished or shelves it as 'Read'; reading a
 * finished book again starts a new one and keeps the earlier ones. The member's
 * shelf entry (book_shelves) carries the open read-through's progress, so the
 * profile's "Currently reading" needs no other read. Only the updateReading and
 * setShelf callables write read-throughs; only their member (and admins) read them.
 *
 * A member's year, reading_years/{uid}__{year}, holds their goal for that year
 * (or null) and how many read-throughs they finished in it (a re-read counts once
 * per finish), kept by the same callables that finish or re-date a read-through.
 * The community's count of a year is spread over READING_STATS_SHARDS documents,
 * reading_stats/{year}-{shard}, summed when read, so finishes on many accounts
 * at once do not queue on one document. Years are UTC calendar years.
 */
import { z } from 'zod';
import { MAX_PAGES } from '../books/catalogue.ts';
import { TEXT_LIMITS, idSchema, timestampSchema } from '../shared/common.ts';

/** read_throughs/{id}: one reading of one book by one member. */
export const READ_THROUGHS = 'read_throughs';
/** reading_years/{uid}__{year}: a member's goal and finished count for one year. */
export const READING_YEARS = 'reading_years';
/** reading_stats/{year}-{shard}: part of the community's finished count for one year. */
export const READING_STATS = 'reading_stats';
/** How many documents a year's community count is spread over. */
export const READING_STATS_SHARDS = 10;
/** Largest yearly goal a member may set. */
export const MAX_READING_GOAL = 1000;
/** Most years the profile lists (the newest). */
export const PROFILE_YEARS_LIMIT = 10;
/** Most read-throughs of one book the book page lists (the newest). */
export const BOOK_READ_THROUGHS_LIMIT = 20;

/** How progress is given: a page number or a percentage. */
export const PROGRESS_UNITS = ['page', 'percent'] as const;
/** One unit. */
export type ProgressUnit = (typeof PROGRESS_UNITS)[number];

/** The texts the journal's forms and callables answer with. */
export const READING_MESSAGES = {
  notReading: 'Put this book on your ‘Reading’ shelf to record your progress.',
  notFound: 'This read-through does not exist.',
  value: 'Enter a whole number.',
  percent: 'A percentage is a whole number from 0 to 100.',
  page: `A page is a whole number from 0 to ${MAX_PAGES.toLocaleString('en-US')}.`,
  pageBeyond: (pages: number) => `This book has ${pages} pages.`,
  day: 'Enter a date as YYYY-MM-DD.',
  order: 'A read-through cannot finish before it starts.',
  future: 'A date cannot be in the future.',
  finishedNeeded: 'A finished read-through keeps its finish date.',
  sameDay: 'You already finished this book on that day.',
  goal: `A goal is a whole number of books from 1 to ${MAX_READING_GOAL}.`,
  failed: 'Failed to save your reading.',
  goalFailed: 'Failed to save your goal.',
} as const;

/** A stored read-through. */
export const readThroughSchema = z
  .object({
    /** Document id. */
    id: idSchema,
    /** The member. */
    user_id: idSchema,
    /** The book. */
    book_id: idSchema,
    /** The book's title when the read-through started. */
    book_title: z.string().max(TEXT_LIMITS.title),
    /** When the member started; null when the book went straight to 'Read'. */
    started_at: timestampSchema.nullable(),
    /** When the member finished; null while reading. */
    finished_at: timestampSchema.nullable(),
    /** The last page recorded, or null. */
    progress_page: z.number().int().min(0).max(MAX_PAGES).nullable().default(null),
    /** How far through, 0–100, or null when only a page is known of a book without a page count. */
    progress_percent: z.number().int().min(0).max(100).nullable().default(null),
    /** When it last changed. */
    updated_at: timestampSchema,
  })
  .describe('read_throughs');
/** A read-through. */
export type ReadThrough = z.infer<typeof readThroughSchema>;

/** reading_years/{uid}__{year}: a member's year. */
export const readingYearSchema = z
  .object({
    /** Document id ({uid}__{year}). */
    id: idSchema,
    /** The member. */
    user_id: idSchema,
    /** The UTC calendar year. */
    year: z.number().int().min(1900).max(9999),
    /** The member's goal for the year, in books, or null when they set none. */
    goal: z.number().int().min(1).max(MAX_READING_GOAL).nullable().default(null),
    /** Read-throughs the member finished in the year (kept by the callables). */
    finished: z.number().int().min(0).default(0),
    /** When it last changed. */
    updated_at: timestampSchema,
  })
  .describe('reading_years');
/** A member's year. */
export type ReadingYear = z.infer<typeof readingYearSchema>;

/** reading_stats/{year}-{shard}: one shard of the community's count of a year. */
export const readingStatsSchema = z
  .object({
    /** Document id ({year}-{shard}). */
    id: idSchema,
    /** The UTC calendar year. */
    year: z.number().int().min(1900).max(9999),
    /** This shard's share of the read-throughs finished in the year (one shard may dip below zero when a removal meets it). */
    finished: z.number().int(),
  })
  .describe('reading_stats');

/** The id of `uid`'s year document. */
export function readingYearId(uid: string, year: number): string {
  return `${uid}__${year}`;
}

/** The id of one shard of a year's community count. */
export function readingStatsId(year: number, shard: number): string {
  return `${year}-${shard}`;
}

/** The UTC calendar year of `date`. */
export function yearOf(date: Date): number {
  return date.getUTCFullYear();
}

/** A UTC calendar day, YYYY-MM-DD, that exists. */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, READING_MESSAGES.day)
  .refine((day) => dayToDate(day).toISOString().slice(0, 10) === day, READING_MESSAGES.day);

/** The moment stored for a day the member typed: noon UTC, so it reads as that day in every time zone's UTC display. */
export function dayToDate(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

/** The UTC day of `date`, YYYY-MM-DD (what the date inputs show). */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The progress form: a unit and a whole number within it. */
export const progressFormSchema = z
  .object({
    /** Page or percent. */
    unit: z.enum(PROGRESS_UNITS),
    /** The page reached, or the percentage. */
    value: z
      .number({ message: READING_MESSAGES.value })
      .int(READING_MESSAGES.value)
      .min(0, READING_MESSAGES.value),
  })
  .superRefine((form, ctx) => {
    if (form.unit === 'percent' && form.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: READING_MESSAGES.percent });
    if (form.unit === 'page' && form.value > MAX_PAGES)
      ctx.addIssue({ code: 'custom', path: ['value'], message: READING_MESSAGES.page });
  });
/** The progress form's values. */
export type ProgressForm = z.infer<typeof progressFormSchema>;

/** The dates form: start and finish days ('' for none), the finish not before the start. */
export const datesFormSchema = z
  .object({
    /** The start day, or '' when unknown. */
    startedOn: z.union([z.literal(''), daySchema]),
    /** The finish day, or '' while reading. */
    finishedOn: z.union([z.literal(''), daySchema]),
  })
  .refine((form) => !form.startedOn || !form.finishedOn || form.startedOn <= form.finishedOn, {
    path: ['finishedOn'],
    message: READING_MESSAGES.order,
  });
/** The dates form's values. */
export type DatesForm = z.infer<typeof datesFormSchema>;

/** The goal form: a number of books. */
export const goalFormSchema = z.object({
  /** Books to finish this year. */
  goal: z
    .number({ message: READING_MESSAGES.goal })
    .int(READING_MESSAGES.goal)
    .min(1, READING_MESSAGES.goal)
    .max(MAX_READING_GOAL, READING_MESSAGES.goal),
});
/** The goal form's values. */
export type GoalForm = z.infer<typeof goalFormSchema>;

/** updateReading's request: progress on the open read-through, Finished, or a read-through's dates. */
export const updateReadingRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({
    /** Record progress on the book's open read-through (100 % finishes it). */
    action: z.literal('progress'),
    /** The book. */
    bookId: idSchema,
    /** Page or percent. */
    unit: z.enum(PROGRESS_UNITS),
    /** The value (checked with progressFormSchema). */
    value: z.number(),
  }),
  z.strictObject({
    /** Finish the book's open read-through, moving the book to 'Read'. */
    action: z.literal('finish'),
    /** The book. */
    bookId: idSchema,
  }),
  z.strictObject({
    /** Change one read-through's dates. */
    action: z.literal('dates'),
    /** The read-through. */
    readThroughId: idSchema,
    /** As in datesFormSchema. */
    startedOn: z.string(),
    /** As in datesFormSchema. */
    finishedOn: z.string(),
  }),
]);
/** updateReading's request as sent. */
export type UpdateReadingRequest = z.input<typeof updateReadingRequestSchema>;
/** updateReading's answer: the read-through as it is now, and the book's shelf. */
export interface UpdateReadingResponse {
  /** The read-through's id. */
  id: string;
  /** Progress as stored. */
  progress_percent: number | null;
  /** Progress as stored. */
  progress_page: number | null;
  /** The start day (YYYY-MM-DD) or null. */
  started_on: string | null;
  /** The finish day (YYYY-MM-DD) or null. */
  finished_on: string | null;
  /** The book's shelf after the change ('read' once finished). */
  shelf: 'reading' | 'read' | null;
}

/** setReadingGoal's request: the goal for the current year, or null to remove it. */
export const setReadingGoalRequestSchema = z.strictObject({
  /** As in goalFormSchema, or null. */
  goal: z.number().nullable(),
});
/** setReadingGoal's request as sent. */
export type SetReadingGoalRequest = z.input<typeof setReadingGoalRequestSchema>;
/** setReadingGoal's answer. */
export interface SetReadingGoalResponse {
  /** The year the goal is for. */
  year: number;
  /** The goal now. */
  goal: number | null;
  /** Books finished in the year so far. */
  finished: number;
}

/**
 * Progress as stored: the page (if given) and the percentage, from the page and
 * the book's page count when the page is given (null when the book has none).
 * A page beyond the book's last is refused (`error`).
 */
export function storedProgress(
  form: ProgressForm,
  pages: number | null | undefined,
): { progress_page: number | null; progress_percent: number | null } | { error: string } {
  if (form.unit === 'percent') return { progress_page: null, progress_percent: form.value };
  if (!pages) return { progress_page: form.value, progress_percent: null };
  if (form.value > pages) return { error: READING_MESSAGES.pageBeyond(pages) };
  return { progress_page: form.value, progress_percent: Math.floor((form.value / pages) * 100) };
}

/** A problem with dates a member typed, given today's UTC day; null when fine. */
export function datesProblem(dates: DatesForm, today: string, finished: boolean): string | null {
  if (finished && !dates.finishedOn) return READING_MESSAGES.finishedNeeded;
  if (!finished && dates.finishedOn) return READING_MESSAGES.finishedNeeded;
  if ((dates.startedOn && dates.startedOn > today) || (dates.finishedOn && dates.finishedOn > today))
    return READING_MESSAGES.future;
  return null;
}

/**
 * How one read-through's finish moves the years' counts: -1 for the year it
 * was finished in before, +1 for the year it is finished in after (nothing when
 * the year is the same). Shared by every path that finishes, re-dates or removes one.
 */
export function finishDeltas(before: Date | null, after: Date | null): Map<number, number> {
  const deltas = new Map<number, number>();
  const add = (date: Date | null, n: number) => {
    if (!date) return;
    const year = yearOf(date);
    const next = (deltas.get(year) ?? 0) + n;
    if (next === 0) deltas.delete(year);
    else deltas.set(year, next);
  };
  add(before, -1);
  add(after, 1);
  return deltas;
}

/** A read-through as the one-finish-a-day rule sees it: its id and when it was finished, if it was. */
export interface FinishOfBook {
  id: string;
  finishedAt: Date | null;
}

/**
 * The finishes of one book on `day` (YYYY-MM-DD, UTC) among a member's
 * read-throughs of it that the shelf and the journal recorded (an import's, whose
 * ids begin 'import_', are the import's to keep). A member finishes a book at most
 * once a day: shelving it as Read again that day adds none, and taking it off
 * Read that day removes the finish the shelf made.
 */
export function finishesOnDay(reads: readonly FinishOfBook[], day: string): string[] {
  return reads
    .filter((read) => !read.id.startsWith('import_') && read.finishedAt && dayOf(read.finishedAt) === day)
    .map((read) => read.id);
}

/** "12 of 24 books read in 2026" (a goal), or "3 books read in 2025" (none). */
export function goalText(year: Pick<ReadingYear, 'year' | 'goal' | 'finished'>): string {
  const books = (n: number) => (n === 1 ? 'book' : 'books');
  return year.goal === null
    ? `${year.finished} ${books(year.finished)} read in ${year.year}`
    : `${year.finished} of ${year.goal} ${books(year.goal)} read in ${year.year}`;
}

/** The share of a goal reached, 0–100 (a goal passed shows full). */
export function goalPercent(year: Pick<ReadingYear, 'goal' | 'finished'>): number {
  if (!year.goal) return 0;
  return Math.min(100, Math.floor((year.finished / year.goal) * 100));
}

/** How progress reads: "45 %", "page 120 of 300 (40 %)", "page 120", or "Not started". */
export function progressText(progress: {
  progress_page?: number | null;
  progress_percent?: number | null;
}): string {
  const page = progress.progress_page ?? null;
  const percent = progress.progress_percent ?? null;
  if (page !== null && percent !== null) return `page ${page} (${percent} %)`;
  if (page !== null) return `page ${page}`;
  if (percent !== null) return `${percent} %`;
  return 'Not started';
}

/** The years a profile shows: those with a goal or a finished book, newest first. */
export function shownYears(years: readonly ReadingYear[]): ReadingYear[] {
  return years.filter((y) => y.goal !== null || y.finished > 0).sort((a, b) => b.year - a.year);
}
