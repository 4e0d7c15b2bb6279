/**
 * What a source of reading histories is to the import (a service whose CSV export
 * Shelfmark reads: Goodreads, The StoryGraph), and the cell readers the sources share.
 * A source is one file in src/domain/imports/sources/ and one row of IMPORT_SOURCES
 * (import-sources.ts): its name, the columns that tell its export apart, and how one
 * record becomes an ImportRow. A cell that cannot be read throws a RowProblem, which
 * the reader (reading-csv.ts) reports against that row alone.
 *
 * Pure: no I/O.
 */
import { parseIsbn } from '../books/isbn.ts';
import {
  CONTENT_WARNINGS,
  CONTENT_WARNING_IDS,
  MOODS,
  PACES,
  WARNING_NOTE_MAX,
  type ContentWarning,
  type Mood,
  type Pace,
} from '../books/book-feel.ts';
import { REVIEW_TEXT_MAX } from '../reviews/review.ts';
import type { Shelf } from '../shelves/shelf.ts';
import {
  AUTHOR_MAX,
  IMPORT_SHELF_NAME_MAX,
  IMPORT_SHELVES_PER_ROW,
  TITLE_MAX,
  importDayProblem,
  type ImportRow,
} from './import-row.ts';

/** A service whose export the import reads. */
export interface ImportSource<Id extends string = string> {
  /** The layout's id, stored on the import (`reading_imports.layout`). */
  id: Id;
  /** The service's name as the report says it ("The StoryGraph"). */
  name: string;
  /** Its short name in the messages ("StoryGraph"). */
  label: string;
  /** The header columns that tell its export apart (all must be there). */
  columns: readonly string[];
  /** One record as a row; `get` gives a column's cell ('' when absent). Throws a RowProblem. */
  row(get: (column: string) => string, row: number): ImportRow;
}

/** A row's problem, caught per row. */
export class RowProblem extends Error {}

/** Goodreads writes ISBNs as spreadsheet formulas (="0439023483"): the digits inside. */
function unformula(value: string): string {
  const match = /^="(.*)"$/.exec(value.trim());
  return (match ? match[1]! : value).trim();
}

/** A date as the exports write it (2020/05/17, 2020-05-17), as YYYY-MM-DD; '' is null; anything else throws. */
export function dayOf(value: string, column: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(text);
  if (match) {
    const [, y, m, d] = match;
    const day = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
    const problem = importDayProblem(day);
    if (problem === null) return day;
    // A day the calendar has, out of range, says why; one it lacks (2026/02/31) is no date at all.
    if (problem !== 'is not a real calendar day')
      throw new RowProblem(`the ${column} “${text.slice(0, 40)}” ${problem}.`);
  }
  throw new RowProblem(`the ${column} “${text.slice(0, 40)}” is not a date (YYYY/MM/DD).`);
}

/** The ISBN-13 of the first of `values` that is a valid ISBN, or null. */
export function isbnOf(...values: string[]): string | null {
  for (const value of values) {
    const compact = unformula(value);
    if (compact === '') continue;
    const parsed = parseIsbn(compact);
    if (parsed.ok) return parsed.isbn13;
  }
  return null;
}

/**
 * Stars as Shelfmark keeps them (whole, 1–5) from an export's: 0 or '' is none, 4.5
 * rounds to 5, and so does 4,5 (a spreadsheet in a European locale writes a decimal comma).
 */
export function starsOf(value: string, column: string): number | null {
  const text = value.trim();
  if (text === '' || text === '0') return null;
  const n = Number(text.replace(/^(\d+),(\d+)$/, '$1.$2'));
  if (!Number.isFinite(n) || n < 0 || n > 5)
    throw new RowProblem(`the ${column} “${text.slice(0, 10)}” is not a rating from 0 to 5.`);
  const stars = Math.round(n);
  return stars === 0 ? null : stars;
}

/** A review as plain text: Goodreads' <br/> as line breaks, other tags dropped, cut to the longest review. */
export function reviewOf(value: string): string {
  return value
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .trim()
    .slice(0, REVIEW_TEXT_MAX);
}

/** A book's title as the row keeps it: trimmed, cut to the row's limit. */
export function titleOf(value: string): string {
  return value.trim().slice(0, TITLE_MAX);
}

/** An author's name as the row keeps it: trimmed, cut to the row's limit. */
export function authorOf(value: string): string {
  return value.trim().slice(0, AUTHOR_MAX);
}

/** Names in a list field ("favorites, to-read"), trimmed, each once, cut to the shelf name's length. */
export function namesOf(value: string): string[] {
  const names = value
    .split(',')
    .map((name) => name.trim().slice(0, IMPORT_SHELF_NAME_MAX))
    .filter((name) => name !== '');
  return [...new Set(names)].slice(0, IMPORT_SHELVES_PER_ROW);
}

/** Goodreads' and StoryGraph's shelf names for the three shelves. */
export const SHELF_NAMES: Readonly<Record<string, Shelf>> = {
  'to-read': 'want-to-read',
  'currently-reading': 'reading',
  read: 'read',
  'did-not-finish': 'did-not-finish',
};

/** StoryGraph's moods cell ("adventurous, dark"): the moods Shelfmark knows, others left out. */
export function moodsOf(value: string): Mood[] {
  const named = value.split(',').map((part) => part.trim().toLowerCase());
  return MOODS.filter((mood) => named.includes(mood));
}

/** StoryGraph's pace cell ("fast"), or null for none or one Shelfmark does not know. */
export function paceOf(value: string): Pace | null {
  const named = value.trim().toLowerCase();
  return PACES.find((pace) => pace === named) ?? null;
}

/** A warning's words folded for matching ("Self Harm", "self-harm" → "self harm"). */
function warningKey(text: string): string {
  return text.toLowerCase().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
}

const WARNING_BY_KEY = new Map(
  CONTENT_WARNING_IDS.map((id) => [warningKey(CONTENT_WARNINGS[id]), id] as const),
);

/**
 * StoryGraph's content warnings ("Graphic: Violence, Death; Moderate: Grief") and their
 * description: the warnings Shelfmark lists, and a note keeping the description and
 * the warnings it does not list, so nothing the member wrote is lost (cut to the note's limit).
 */
export function warningsOf(value: string, description: string): { warnings: ContentWarning[]; note: string } {
  const found = new Set<ContentWarning>();
  const others: string[] = [];
  for (const part of value.split(/[;,]/)) {
    const label = part.replace(/^\s*(graphic|moderate|minor)\s*:/i, '').trim();
    if (label === '') continue;
    const id = WARNING_BY_KEY.get(warningKey(label));
    if (id) found.add(id);
    else if (!others.some((other) => other.toLowerCase() === label.toLowerCase())) others.push(label);
  }
  const note = [description.trim(), others.join(', ')].filter((text) => text !== '').join('; ');
  return {
    warnings: CONTENT_WARNING_IDS.filter((id) => found.has(id)),
    note: note.length > WARNING_NOTE_MAX ? `${note.slice(0, WARNING_NOTE_MAX - 1)}…` : note,
  };
}
