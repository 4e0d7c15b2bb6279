/**
 * Reading a reader's history from a CSV export into rows Shelfmark can match.
 *
 * The file's bytes become text here (decodeCsvBytes: UTF-8 with or without a
 * byte-order mark, UTF-16 with one, else Windows-1252), then records by csv-parse
 * (src/lib/reading-csv-file.ts: comma, semicolon or tab, quoted fields, line breaks
 * inside quotes, ISBN formulas without CSV quotes); here the header
 * record names the source (import-sources.ts: the columns only its export has), whose
 * layout reads each further line into one ImportRow (import-row.ts) or one problem
 * naming its row number as a spreadsheet shows it (the header is row 1): a line whose
 * quoting is broken, a row without a title, a date or rating that is not one. The rows
 * that were fine are kept whatever the others hold.
 *
 * Matching keys. A row is matched by ISBN-13 (an ISBN-10 is turned into its
 * ISBN-13), else by title and author folded as search folds them (accents,
 * case and punctuation set aside), with a Goodreads series suffix such as
 * "(The Hunger Games, #1)" taken off the title: titleAuthorKey, kept in
 * src/domain/books/match-key.ts (every book stores its own as match_key).
 *
 * Pure: no I/O. The import's server side and the browser both use it.
 */
import { importRowSchema, type ImportProblem, type ImportRow } from './import-row.ts';
import { RowProblem } from './import-source.ts';
import {
  detectLayout,
  importSource,
  sourceColumns,
  sourceLabels,
  type ImportLayout,
} from './import-sources.ts';

/** The largest file a member may import, and the most rows. */
export const READING_IMPORT_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 20_000 } as const;

/** What the import says when a whole file cannot be read (the sources named from their table). */
export const READING_IMPORT_MESSAGES = {
  empty: 'This file is empty.',
  tooBig: 'This file is larger than 10 MB. Export a shorter history, or split the file.',
  tooManyRows: 'This file has more than 20,000 rows. Split it into smaller files.',
  notCsv: `This file is not a CSV file. Upload the CSV file your ${sourceLabels()} export gave you.`,
  unknownLayout: `This CSV file is not a ${sourceLabels()} export: its first row does not name their columns (${sourceColumns()}).`,
  noRows: 'This file has a header row but no books.',
} as const;

/** A file read: its layout, the rows that were fine and the problems of the others; or why none could be read. */
export type ParsedImport =
  | { ok: true; layout: ImportLayout; rows: ImportRow[]; problems: ImportProblem[] }
  | { ok: false; message: string };

/** Whether text looks like a binary file rather than text: a NUL, or more than 1 % other control characters. */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, 4096);
  let controls = 0;
  for (let i = 0; i < sample.length; i += 1) {
    const code = sample.charCodeAt(i);
    if (code === 0) return true;
    if (code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12 && code !== 11) controls += 1;
  }
  return controls > sample.length / 100;
}

/** One record of a CSV file: its fields and its row as a spreadsheet numbers it (the header is row 1). */
export interface CsvRecord {
  cells: string[];
  row: number;
}

/** What the CSV parser gives: the records it read, and the rows of those whose quoting was broken. */
export type CsvRecords = { ok: true; records: CsvRecord[]; broken: number[] } | { ok: false };

/**
 * The text of an export file's bytes, as a spreadsheet may have saved them: UTF-16
 * (little- or big-endian) when a byte-order mark says so, UTF-8 (its mark dropped)
 * when the bytes are UTF-8, else Windows-1252, the code page of a save on Windows in
 * western Europe and the Americas ("Café" with é as 0xE9), so no letter becomes U+FFFD.
 */
export function decodeCsvBytes(data: ArrayBuffer | Uint8Array): string {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The checks made before a file is parsed at all: its size, and that it is text. */
export function fileProblem(text: string, bytes: number): string | null {
  if (bytes > READING_IMPORT_LIMITS.maxBytes) return READING_IMPORT_MESSAGES.tooBig;
  if (text.trim() === '') return READING_IMPORT_MESSAGES.empty;
  if (looksBinary(text)) return READING_IMPORT_MESSAGES.notCsv;
  return null;
}

/**
 * Reads an export's records (see the file comment): the layout from its header
 * record, one ImportRow per good row, one problem per broken one (`parsed.broken`:
 * rows whose quoting the parser could not read).
 */
export function readImport(parsed: CsvRecords): ParsedImport {
  if (!parsed.ok) return { ok: false, message: READING_IMPORT_MESSAGES.notCsv };
  const problems: ImportProblem[] = parsed.broken.map((row) => ({
    row,
    message: 'its quotes are not closed, so the row cannot be read.',
  }));
  const [head, ...body] = parsed.records;
  // A header whose quotes never close names no source's columns.
  if (parsed.broken[0] === 1) return { ok: false, message: READING_IMPORT_MESSAGES.unknownLayout };
  if (!head) return { ok: false, message: READING_IMPORT_MESSAGES.empty };
  const layout = detectLayout(head.cells);
  if (layout === null)
    return {
      ok: false,
      message: head.cells.length < 2 ? READING_IMPORT_MESSAGES.notCsv : READING_IMPORT_MESSAGES.unknownLayout,
    };
  // Rows that are there but could not be parsed are named, not refused as no books.
  if (body.length === 0 && problems.length === 0)
    return { ok: false, message: READING_IMPORT_MESSAGES.noRows };
  if (body.length + problems.length > READING_IMPORT_LIMITS.maxRows)
    return { ok: false, message: READING_IMPORT_MESSAGES.tooManyRows };
  const source = importSource(layout);
  const index = new Map(head.cells.map((name, i) => [name.trim(), i]));
  const rows: ImportRow[] = [];
  for (const { cells, row } of body) {
    const get = (column: string) => cells[index.get(column) ?? -1] ?? '';
    try {
      const read = source.row(get, row);
      if (read.title === '') throw new RowProblem('it has no title.');
      rows.push(importRowSchema.parse(read));
    } catch (error) {
      problems.push({
        row,
        message: error instanceof RowProblem ? error.message : 'it cannot be read as a book.',
      });
    }
  }
  problems.sort((a, b) => a.row - b.row);
  return { ok: true, layout, rows, problems };
}
