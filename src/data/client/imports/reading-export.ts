/** "Export my reading": the signed-in member's reading as a Goodreads CSV, from the exportReading callable. */
import type { ReadingExport } from '../../../domain/imports/reading-export.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

export function exportReading(): Promise<CallOutcome<ReadingExport>> {
  return callFunction('exportReading', {});
}
