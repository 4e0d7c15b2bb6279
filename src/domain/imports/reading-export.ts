/** What "Export my reading" answers, says and allows (the layout it writes: goodreads-export.ts). */
import type { ThrottleLimit } from '../shared/throttle.ts';

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
