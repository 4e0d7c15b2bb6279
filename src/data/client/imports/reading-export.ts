/** "Export my reading": the signed-in member's reading as a CSV in Goodreads' or The StoryGraph's layout, from the exportReading callable. */
import type { ReadingExport, ReadingExportLayout } from '../../../domain/imports/reading-export.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

export function exportReading(
  layout: ReadingExportLayout = 'goodreads',
): Promise<CallOutcome<ReadingExport>> {
  return callFunction('exportReading', { layout });
}
