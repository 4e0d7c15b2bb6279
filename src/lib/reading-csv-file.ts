/**
 * An export file read in the browser, as people really have it: the bytes decoded
 * (UTF-8, or Windows-1252 when they are not UTF-8), the size and text checks,
 * csv-parse for the records, then the domain's readImport for the layout, the rows
 * and the problems (src/domain/imports/reading-csv.ts).
 *
 * csv-parse reads quoted fields, line breaks inside quotes and a byte-order mark; the
 * separator is the one (comma, semicolon, tab) whose header record names a known
 * source's columns; a quote inside an unquoted field is kept as it is (a spreadsheet
 * writes an ISBN as ="0306406152" without CSV quotes); a record whose quoting is
 * broken is skipped and its row kept, so the good rows are read all the same.
 */
// The browser build (it carries its own Buffer): the island runs this in the page; Node runs it too.
import { parse } from 'csv-parse/browser/esm/sync';
import { detectLayout } from '../domain/imports/import-sources.ts';
import {
  fileProblem,
  readImport,
  type CsvRecord,
  type CsvRecords,
  type ParsedImport,
} from '../domain/imports/reading-csv.ts';

/** Separators a spreadsheet saves CSV with: comma, semicolon (European locales), tab. */
const DELIMITERS = [',', ';', '\t'] as const;

/** Where csv-parse stands after a record, or at the error of a skipped one. */
interface ParseInfo {
  lines: number;
  records: number;
  empty_lines: number;
}

const OPTIONS = {
  bom: true,
  relax_column_count: true,
  // A quote inside an unquoted field is a character of that field (="0306406152").
  relax_quotes: true,
  skip_empty_lines: true,
} as const;

/** The text of a file's bytes: UTF-8 when they are, else Windows-1252 (a spreadsheet's save on Windows). */
export function decodeCsvBytes(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator whose first record names a known source's columns; a comma when none does. */
export function csvDelimiter(text: string): string {
  for (const delimiter of DELIMITERS) {
    try {
      const [header] = parse(text, { ...OPTIONS, delimiter, to: 1 }) as string[][];
      if (header && detectLayout(header) !== null) return delimiter;
    } catch {
      // Not CSV with this separator: try the next.
    }
  }
  return ',';
}

/**
 * The records of CSV `text`, or { ok: false } when it is not CSV at all. Each is
 * numbered as a spreadsheet shows its row (the header is row 1, an empty line is a
 * row, a line break inside quotes is not).
 */
export function csvRecords(text: string): CsvRecords {
  const records: CsvRecord[] = [];
  const broken: number[] = [];
  const errors = new Set<string>();
  // csv-parse leaves the records it skips out of its count: the rows skipped so far, to add back.
  let skipped = 0;
  try {
    parse(text, {
      ...OPTIONS,
      delimiter: csvDelimiter(text),
      skip_records_with_error: true,
      on_record: (cells: string[], info: ParseInfo) => {
        records.push({ cells, row: info.records + info.empty_lines + skipped });
        return cells;
      },
      // Called with the error of each record it skips (not in its typings), maybe more than once a record.
      on_skip: (error: Partial<ParseInfo> | undefined) => {
        const { lines = 0, records: read = 0, empty_lines: empty = 0 } = error ?? {};
        const key = `${lines}:${read}:${empty}`;
        if (errors.has(key)) return;
        errors.add(key);
        skipped += 1;
        broken.push(read + empty + skipped);
      },
    } as Parameters<typeof parse>[1]);
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

/** Reads an export file's bytes as the browser hands them (see decodeCsvBytes). */
export function parseReadingCsvBytes(bytes: ArrayBuffer | Uint8Array): ParsedImport {
  return parseReadingCsv(decodeCsvBytes(bytes), bytes.byteLength);
}
