/** What "Export my reading" answers, says and allows (the layout it writes: goodreads-export.ts). */
import { z } from 'zod';
import type { ThrottleLimit } from '../shared/throttle.ts';

/** The layouts "Export my reading" writes: Goodreads' (the default, which every service imports) or The StoryGraph's (with moods, pace and content warnings). */
export const READING_EXPORT_LAYOUTS = ['goodreads', 'storygraph'] as const;
export type ReadingExportLayout = (typeof READING_EXPORT_LAYOUTS)[number];

/** exportReading's request: the layout (Goodreads' when none is named). */
export const readingExportRequestSchema = z
  .strictObject({ layout: z.enum(READING_EXPORT_LAYOUTS).default('goodreads') })
  .nullish()
  .transform((request) => request ?? { layout: 'goodreads' as const });
export type ReadingExportRequest = z.input<typeof readingExportRequestSchema>;

/** What "Export my reading" answers: the CSV, its file name and how many books it holds. */
export interface ReadingExport {
  csv: string;
  file_name: string;
  rows: number;
}

/** The export's file name on `day`: shelfmark-reading-2026-12-02.csv (shelfmark-reading-storygraph-… in StoryGraph's layout). */
export function readingExportFileName(day: Date, layout: ReadingExportLayout = 'goodreads'): string {
  const kind = layout === 'goodreads' ? '' : `${layout}-`;
  return `shelfmark-reading-${kind}${day.toISOString().slice(0, 10)}.csv`;
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
