/**
 * An export file read in the browser: the size and text checks, csv-parse for
 * the records (quoted fields, line breaks inside quotes, a byte-order mark; a
 * record whose quoting is broken is skipped and its line kept), then the domain's
 * readImport for the layout, the rows and the problems (src/domain/imports/reading-csv.ts).
 */
// The browser build (it carries its own Buffer): the island runs this in the page; Node runs it too.
import { parse } from 'csv-parse/browser/esm/sync';
import {
  fileProblem,
  readImport,
  type CsvRecord,
  type CsvRecords,
  type ParsedImport,
} from '../domain/imports/reading-csv.ts';

/** The records of CSV `text`, or { ok: false } when it is not CSV at all. */
export function csvRecords(text: string): CsvRecords {
  const broken: number[] = [];
  try {
    const parsed = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      // csv-parse calls it with the error of each record it skips (not in its typings).
      on_skip: (error: { lines?: number } | undefined) => void broken.push(error?.lines ?? 0),
    } as Parameters<typeof parse>[1]) as unknown as { record: string[]; info: { lines: number } }[];
    const records: CsvRecord[] = parsed.map(({ record, info }) => ({ cells: record, line: info.lines }));
    return { ok: true, records, broken };
  } catch {
    return { ok: false };
  }
}

/** Reads an export file's text (`bytes`: the file's size, checked before anything is parsed). */
export function parseReadingCsv(text: string, bytes = text.length): ParsedImport {
  const problem = fileProblem(text, bytes);
  if (problem) return { ok: false, message: problem };
  return readImport(csvRecords(text));
}
