/**
 * An export file read in the browser, as people really have it: the bytes decoded
 * by the domain's decodeCsvBytes (UTF-8 with or without a byte-order mark, UTF-16
 * with one, else Windows-1252), the size and text checks, csv-parse for the records,
 * then the domain's readImport for the layout, the rows and the problems
 * (src/domain/imports/reading-csv.ts).
 *
 * csv-parse reads quoted fields, line breaks inside quotes and a byte-order mark; the
 * separator is the one (comma, semicolon, tab) whose header record names a known
 * source's columns; a quote inside an unquoted field is kept as it is (a spreadsheet
 * writes an ISBN as ="0306406152" without CSV quotes: without relax_quotes csv-parse
 * refuses every such record, CSV_INVALID_OPENING_QUOTE); a record whose quote never
 * closes is named by its row and the file read again from the line after it
 * (csvRecords), so the good rows are read all the same.
 */
// The browser build (it carries its own Buffer): the island runs this in the page; Node runs it too.
import { parse } from 'csv-parse/browser/esm/sync';
import { detectLayout } from '../domain/imports/import-sources.ts';
import {
  decodeCsvBytes,
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

/** Where csv-parse stands after a record (`bytes`: the UTF-8 bytes read so far), or at the error of a skipped one. */
interface RecordInfo extends ParseInfo {
  bytes?: number; // In every record's info, but not in csv-parse's typings.
}

/** How many damaged records a file is read again after, at most (each reading goes on to the next one). */
const MAX_RESTARTS = 200;

/** A record whose quoting is damaged: its row, and the byte its first line starts at. */
interface Damaged {
  row: number;
  start: number;
}

/** Thrown from on_record to stop a reading at a damaged record (csv-parse passes it on as it is). */
const STOP = new Error('A damaged record: read again from the line after it.');

/**
 * The records of CSV `text`, or { ok: false } when it is not CSV at all. Each is
 * numbered as a spreadsheet shows its row (the header is row 1, an empty line is a
 * row, a line break inside quotes is not).
 *
 * A quote that never closes (a hand edit lost one) takes the lines after it into its
 * field: up to the next quote in the file, which makes one record of several rows
 * with more or fewer cells than the header, or to the end of the file, which csv-parse
 * skips whole. Either way the record is named broken by the row it starts on and the
 * file is read again from the line after that one, so the rows after it still come in.
 * A record spanning lines with as many cells as the header is a field with line breaks
 * (a review in paragraphs), and is kept.
 */
export function csvRecords(text: string): CsvRecords {
  const bytes = new TextEncoder().encode(text.replace(/^\uFEFF/, ''));
  const delimiter = csvDelimiter(text);
  const records: CsvRecord[] = [];
  const broken: number[] = [];
  let columns = 0; // The header's cells, once read.
  let from = 0; // The byte this reading starts at.
  let base = 0; // The rows before it.
  for (let restarts = 0; from < bytes.length; restarts += 1) {
    // Past the cap, a damaged record is read as csv-parse reads it.
    const check = restarts < MAX_RESTARTS;
    const errors = new Set<string>();
    // csv-parse leaves the records it skips out of its count: the rows skipped so far, to add back.
    let skipped = 0;
    let read = 0; // Bytes of this reading up to the end of its last record.
    let damaged = null as Damaged | null;
    try {
      parse(new TextDecoder('utf-8').decode(bytes.subarray(from)), {
        ...OPTIONS,
        delimiter,
        skip_records_with_error: true,
        on_record: (cells: string[], info: RecordInfo) => {
          const row = base + info.records + info.empty_lines + skipped;
          if (row === 1) columns = cells.length;
          const start = lineStart(bytes, from + read);
          if (
            check &&
            row > 1 &&
            columns > 0 &&
            cells.length !== columns &&
            spansLines(bytes, start, from + (info.bytes ?? 0))
          ) {
            damaged = { row, start };
            throw STOP;
          }
          records.push({ cells, row });
          read = info.bytes ?? read;
          return cells;
        },
        // Called with the error of each record it skips (not in its typings), maybe more than once a record.
        on_skip: (error: (Partial<ParseInfo> & { code?: string }) | undefined) => {
          const { lines = 0, records: done = 0, empty_lines: empty = 0 } = error ?? {};
          const key = `${lines}:${done}:${empty}`;
          if (errors.has(key)) return;
          errors.add(key);
          skipped += 1;
          const row = base + done + empty + skipped;
          if (check && error?.code === 'CSV_QUOTE_NOT_CLOSED')
            damaged = { row, start: lineStart(bytes, from + read) };
          else broken.push(row);
        },
      } as Parameters<typeof parse>[1]);
    } catch (error) {
      if (error !== STOP) return { ok: false };
    }
    if (damaged === null) break;
    broken.push(damaged.row);
    // Read again from the line after the one the damaged record starts on.
    from = nextLine(bytes, damaged.start);
    base = damaged.row;
  }
  return { ok: true, records, broken };
}

const CR = 13;
const LF = 10;

/** Whether the record in bytes [start, end) holds a line break before the one that ends it. */
function spansLines(bytes: Uint8Array, start: number, end: number): boolean {
  let last = end;
  while (last > start && (bytes[last - 1] === CR || bytes[last - 1] === LF)) last -= 1;
  for (let i = start; i < last; i += 1) if (bytes[i] === CR || bytes[i] === LF) return true;
  return false;
}

/** The first byte at or after `at` that is not a line break: where the next record starts. */
function lineStart(bytes: Uint8Array, at: number): number {
  let i = at;
  while (i < bytes.length && (bytes[i] === CR || bytes[i] === LF)) i += 1;
  return i;
}

/** The byte after the line break that ends the line `at` is on (CRLF, LF or CR), or the end. */
function nextLine(bytes: Uint8Array, at: number): number {
  let i = at;
  while (i < bytes.length && bytes[i] !== CR && bytes[i] !== LF) i += 1;
  if (bytes[i] === CR && bytes[i + 1] === LF) return i + 2;
  return Math.min(i + 1, bytes.length);
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
