/**
 * Bringing a reader's history in from Goodreads or The StoryGraph (the rows are
 * read by reading-csv.ts). The browser reads the file and sends its good rows in
 * chunks; the functions keep the import, match each row against Shelfmark's books
 * in the background and apply what matched; the member watches its progress on
 * /account, may leave and come back, and reads its report at the end.
 *
 * - reading_imports/{id}: one import of one member: its layout, the file's name,
 *   the rows it holds (`total`), how many arrived, were processed, matched and not,
 *   the reasons rows were not matched, and the problems of rows that could not be
 *   read (named by row). Its rows wait in reading_imports/{id}/chunks/{nnnn}
 *   (server only). The member reads their own; only the functions write.
 * - unmatched_reads/{uid}__{key}: a row of the member's history whose book is not
 *   on Shelfmark yet ("Not on Shelfmark yet"): what the row said, kept for the
 *   member only, under an id made from the row itself so importing the same file
 *   again keeps one.
 *
 * A matched row is applied as a hand-made one would be, filling gaps only: a book
 * already on one of the member's shelves keeps its shelf; a finished reading
 * becomes a read-through (one per finish date, so a second import adds none) and
 * counts for its year; a rating or review is kept only when the member has none of
 * that book, never of their own book, through the burst guard of a review by hand
 * (review-burst.ts), which counts per book: one member's history, one review a
 * book, never trips it, while many new accounts importing stars for one book are
 * held as they would be by hand; a standing moderation decision on the member's
 * review of a book holds the imported one too.
 */
import { z } from 'zod';
import { idSchema, timestampSchema } from '../shared/common.ts';
import { REVIEW_TEXT_MAX } from '../reviews/review.ts';
import { IMPORT_LAYOUTS } from './import-sources.ts';
import { READING_IMPORT_LIMITS } from './reading-csv.ts';
import {
  NO_IMPORTED_FEEL,
  importFeelSchema,
  importRowFieldsSchema,
  importRowSchema,
  type ImportProblem,
} from './import-row.ts';

/** reading_imports/{id}: one import. */
export const READING_IMPORTS = 'reading_imports';
/** unmatched_reads/{uid}__{key}: one row whose book is not on Shelfmark yet. */
export const UNMATCHED_READS = 'unmatched_reads';
/** Rows the browser sends in one call, and one chunk document holds. */
export const IMPORT_ROWS_PER_CHUNK = 200;
/** Problems the import keeps (the report says how many more there were). */
export const IMPORT_PROBLEMS_KEPT = 200;
/**
 * How long an unfinished import blocks a new one after its last change: one still
 * receiving rows (its page closed mid-send) for 5 minutes, one matching for an hour.
 */
export const IMPORT_STALE_MS = { receiving: 5 * 60 * 1000, matching: 60 * 60 * 1000 } as const;

/** Where an import stands. */
export const IMPORT_STATUSES = ['receiving', 'matching', 'done'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Why a row was not applied (the report's lines). */
export const IMPORT_REASONS = ['not_on_shelfmark', 'own_book'] as const;
export type ImportReason = (typeof IMPORT_REASONS)[number];
/** What the report says of each reason. */
export const IMPORT_REASON_TEXT: Readonly<Record<ImportReason, string>> = {
  not_on_shelfmark:
    'not on Shelfmark yet (kept under “Not on Shelfmark yet”, and matched when the book is added)',
  own_book: 'your own books (shelved, but not rated or reviewed)',
};

/** What the import's forms, callables and report say. */
export const READING_IMPORT_TEXT = {
  busy: 'An import of yours is still running. Wait for it to finish, then import again.',
  notFound: 'This import does not exist.',
  notReceiving: 'This import is no longer taking rows.',
  failed: 'The import could not be started. Please try again.',
  sendFailed: 'Sending the rows failed. Please try again.',
  throttled: 'You have started many imports in a short while. Please try again later.',
} as const;

const problemSchema = z.object({ row: z.number().int().min(0), message: z.string().max(300) });

/** startReadingImport's request: the file's layout and name, how many good rows it has, and its problems. */
export const startReadingImportRequestSchema = z.strictObject({
  layout: z.enum(IMPORT_LAYOUTS),
  file_name: z.string().trim().min(1).max(200),
  total: z.number().int().min(1).max(READING_IMPORT_LIMITS.maxRows),
  /** The rows that could not be read, and how many there were in all. */
  problems: z.array(problemSchema).max(IMPORT_PROBLEMS_KEPT),
  problem_count: z.number().int().min(0).max(READING_IMPORT_LIMITS.maxRows),
});
export type StartReadingImportRequest = z.input<typeof startReadingImportRequestSchema>;

/** addReadingImportRows' request: one chunk of rows, by its number (0, 1, …). */
export const addReadingImportRowsRequestSchema = z.strictObject({
  import_id: idSchema,
  chunk: z
    .number()
    .int()
    .min(0)
    .max(Math.ceil(READING_IMPORT_LIMITS.maxRows / IMPORT_ROWS_PER_CHUNK)),
  rows: z.array(importRowSchema).min(1).max(IMPORT_ROWS_PER_CHUNK),
});
export type AddReadingImportRowsRequest = z.input<typeof addReadingImportRowsRequestSchema>;

/** The chunk's id: '0000', '0001', … */
export function chunkId(n: number): string {
  return String(n).padStart(4, '0');
}

/** How many chunks `total` rows make. */
export function chunkCount(total: number): number {
  return Math.ceil(total / IMPORT_ROWS_PER_CHUNK);
}

/** A stored import. */
export const readingImportSchema = z
  .object({
    id: idSchema,
    user_id: idSchema,
    layout: z.enum(IMPORT_LAYOUTS),
    file_name: z.string(),
    status: z.enum(IMPORT_STATUSES),
    /** Good rows in the file. */
    total: z.number().int().min(0),
    /** Rows that arrived, were processed, were applied and were not. */
    received: z.number().int().min(0).default(0),
    processed: z.number().int().min(0).default(0),
    matched: z.number().int().min(0).default(0),
    unmatched: z.number().int().min(0).default(0),
    /** Rows not applied, by reason. */
    reasons: z.partialRecord(z.enum(IMPORT_REASONS), z.number().int().min(0)).default({}),
    /** The rows that could not be read (the first IMPORT_PROBLEMS_KEPT), and how many in all. */
    problems: z.array(problemSchema).default([]),
    problem_count: z.number().int().min(0).default(0),
    created_at: timestampSchema,
    updated_at: timestampSchema,
    finished_at: timestampSchema.nullish(),
  })
  .describe(READING_IMPORTS);
export type ReadingImport = z.infer<typeof readingImportSchema>;

/** What startReadingImport answers. */
export interface StartReadingImportResponse {
  import_id: string;
  rows_per_chunk: number;
}
/** What addReadingImportRows answers: the rows arrived so far, and whether matching began. */
export interface AddReadingImportRowsResponse {
  received: number;
  status: ImportStatus;
}

/** A stored row not on Shelfmark yet (read as stored: its dates are checked again when it is applied). */
export const unmatchedReadSchema = importRowFieldsSchema
  .omit({ row: true })
  .extend({
    id: idSchema,
    user_id: idSchema,
    /** The title-and-author key it is matched on later (books' match_key), or null. */
    match_key: z.string().nullable(),
    /** The import that kept it. */
    import_id: idSchema,
    /** True once it was looked up in the open catalogue and not found there (absent: kept before look-ups, or while the source failed). */
    looked_up: z.boolean().optional(),
    created_at: timestampSchema,
  })
  .describe(UNMATCHED_READS);

/** Most of a member's earlier kept rows looked up again when an import of theirs ends. */
export const KEPT_ROWS_LOOKED_UP_PER_IMPORT = 1_000;
export type UnmatchedRead = z.infer<typeof unmatchedReadSchema>;

/**
 * import_pending_reviews/{bookId}__{uid}: a rating and review from a member's
 * import that waits for the member before anything is published in their name:
 * a kept row applied when its book came to Shelfmark later (weeks after the
 * member imported), or a row whose member could not review when the import ran.
 * Its shelf and read dates were applied; the member publishes the waiting ones
 * (as reviews by hand, through the burst guard) or keeps them private. The
 * member reads their own; only the functions write.
 */
export const IMPORT_PENDING_REVIEWS = 'import_pending_reviews';
/** Whether it still waits for the member, or the member chose to keep it private. */
export const PENDING_REVIEW_STATUSES = ['waiting', 'private'] as const;

/** A rating and review waiting for the member's word. */
export const importPendingReviewSchema = z
  .object({
    id: idSchema,
    user_id: idSchema,
    book_id: idSchema,
    book_title: z.string(),
    rating: z.number().int().min(1).max(5),
    review: z.string().max(REVIEW_TEXT_MAX),
    /** The row's moods, pace and warnings, published with the rating. */
    feel: importFeelSchema.default(NO_IMPORTED_FEEL),
    status: z.enum(PENDING_REVIEW_STATUSES),
    created_at: timestampSchema,
  })
  .describe(IMPORT_PENDING_REVIEWS);
export type ImportPendingReview = z.infer<typeof importPendingReviewSchema>;

/** Waiting ratings settled in one call (the account page calls again until none is left). */
export const PENDING_REVIEWS_PER_CALL = 50;

/** settleImportedReviews' request: publish the waiting ratings and reviews, or keep them private. */
export const settleImportedReviewsRequestSchema = z.strictObject({
  action: z.enum(['publish', 'private']),
});
export type SettleImportedReviewsRequest = z.input<typeof settleImportedReviewsRequestSchema>;
/** What it answers: how many it settled in this call, and how many still wait. */
export interface SettleImportedReviewsResponse {
  settled: number;
  remaining: number;
}

/** The account page's notice of waiting ratings: "3 books from your import are now on Shelfmark". */
export function pendingReviewsNotice(count: number): string {
  return count === 1
    ? '1 book from your import is now on Shelfmark'
    : `${count.toLocaleString('en-US')} books from your import are now on Shelfmark`;
}

/**
 * Finishes of one book an import records for a member, at most: a history of
 * re-reads is kept, a file with one book under dozens of dates is not (the
 * member's year and the community's count move only with real finishes).
 */
export const MAX_IMPORTED_FINISHES_PER_BOOK = 5;

/** The id of a member's unmatched row: their uid and a key of what identifies the row (ISBN, else title and author). */
export function unmatchedReadId(uid: string, rowKey: string): string {
  return `${uid}__${rowKey}`;
}

/** How far an import is, 0–100: arrival counts for the first tenth, processing for the rest. */
export function importPercent(
  progress: Pick<ReadingImport, 'status' | 'total' | 'received' | 'processed'>,
): number {
  if (progress.status === 'done') return 100;
  if (progress.total === 0) return 0;
  const arrived = Math.min(1, progress.received / progress.total);
  const processed = Math.min(1, progress.processed / progress.total);
  return Math.floor(arrived * 10 + processed * 90);
}

/** The report's lines: what was brought in, what was not and why, and which rows could not be read. */
export function importReportLines(report: ReadingImport): string[] {
  const books = (n: number) => (n === 1 ? '1 book' : `${n.toLocaleString('en-US')} books`);
  const lines = [`${books(report.matched)} matched and added to your reading.`];
  if (report.unmatched > 0) lines.push(`${books(report.unmatched)} not brought in:`);
  for (const reason of IMPORT_REASONS) {
    const n = report.reasons[reason] ?? 0;
    if (n > 0) lines.push(`– ${books(n)}: ${IMPORT_REASON_TEXT[reason]}`);
  }
  if (report.problem_count > 0)
    lines.push(
      `${report.problem_count === 1 ? '1 row' : `${report.problem_count.toLocaleString('en-US')} rows`} could not be read.`,
    );
  return lines;
}

/** A problem as the report lists it. */
export function importProblemText(problem: ImportProblem): string {
  return `Row ${problem.row}: ${problem.message}`;
}
