/**
 * What a catalogue says of a book besides its title and author: ISBN (isbn.ts),
 * publication date, pages, language, publisher and series with a number in it.
 * Every field is optional; books saved before they existed keep working with them
 * empty.
 */
import { z } from 'zod';
import { TEXT_LIMITS } from '../shared/common.ts';
import { isStoredIsbn, ISBN_MESSAGES } from './isbn.ts';
import { profileSlug } from '../shared/slug.ts';

/**
 * The languages a book can be in, as BCP 47 language tags (what schema.org's
 * inLanguage and HTML's lang take) with their English names, in the order the
 * editor lists them: English first, then by name.
 */
export const BOOK_LANGUAGES = [
  ['en', 'English'],
  ['ar', 'Arabic'],
  ['bn', 'Bengali'],
  ['zh', 'Chinese'],
  ['cs', 'Czech'],
  ['da', 'Danish'],
  ['nl', 'Dutch'],
  ['fi', 'Finnish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['el', 'Greek'],
  ['he', 'Hebrew'],
  ['hi', 'Hindi'],
  ['hu', 'Hungarian'],
  ['id', 'Indonesian'],
  ['ga', 'Irish'],
  ['it', 'Italian'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['ms', 'Malay'],
  ['no', 'Norwegian'],
  ['fa', 'Persian'],
  ['pl', 'Polish'],
  ['pt', 'Portuguese'],
  ['ro', 'Romanian'],
  ['ru', 'Russian'],
  ['es', 'Spanish'],
  ['sw', 'Swahili'],
  ['sv', 'Swedish'],
  ['tl', 'Tagalog'],
  ['ta', 'Tamil'],
  ['th', 'Thai'],
  ['tr', 'Turkish'],
  ['uk', 'Ukrainian'],
  ['ur', 'Urdu'],
  ['vi', 'Vietnamese'],
  ['cy', 'Welsh'],
  ['yo', 'Yoruba'],
] as const satisfies readonly (readonly [string, string])[];

/** A book language's tag. */
export type BookLanguage = (typeof BOOK_LANGUAGES)[number][0];
/** The language tags, for the schema. */
export const BOOK_LANGUAGE_TAGS = BOOK_LANGUAGES.map(([tag]) => tag) as [BookLanguage, ...BookLanguage[]];

/** The English name of a language tag ('' for a tag not in the list). */
export function languageName(tag: string | null | undefined): string {
  return BOOK_LANGUAGES.find(([known]) => known === tag)?.[1] ?? '';
}

/** Most pages a book may say it has. */
export const MAX_PAGES = 20_000;
/** Highest number in a series. */
export const MAX_SERIES_NUMBER = 1_000;

/** What the catalogue fields' inputs say when they refuse a value. */
export const CATALOGUE_MESSAGES = {
  date: 'Enter a date as YYYY-MM-DD.',
  pages: `Pages must be a whole number from 1 to ${MAX_PAGES.toLocaleString('en-US')}.`,
  seriesNumber: `Number in series must be from 0.5 to ${MAX_SERIES_NUMBER}, in steps of 0.5 (2.5 for a novella between books 2 and 3).`,
  seriesNumberWithoutSeries: 'Name the series this book is a number of.',
} as const;

/** A calendar date as YYYY-MM-DD that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A stored publication date: YYYY-MM-DD, a day that exists, years 1000–9999. */
export const publicationDateSchema = z
  .string()
  .refine((value) => isCalendarDate(value) && value >= '1000-01-01', CATALOGUE_MESSAGES.date);

/**
 * Stored in publication_key by a book (and a market entry) without a publication
 * date: below every date's key, so in the newest-published-first sort those come
 * last. Firestore's orderBy leaves out documents that lack the field, so every
 * book and entry stores a key, with or without a date.
 */
export const NO_PUBLICATION_KEY = 0;

/**
 * The sort key of a publication date: the date as the number YYYYMMDD
 * ('2024-03-05' → 20240305), so keys order as dates do; NO_PUBLICATION_KEY for
 * no date or one that is not a stored date.
 */
export function publicationKey(date: string | null | undefined): number {
  if (typeof date !== 'string' || !publicationDateSchema.safeParse(date).success) return NO_PUBLICATION_KEY;
  return Number(date.replaceAll('-', ''));
}

/** A stored ISBN: its ISBN-13, digits only (isbn.ts parses what people type). */
export const storedIsbnSchema = z.string().refine(isStoredIsbn, ISBN_MESSAGES.checkDigit);

/** A number in a series: 1, 2, 3 …, or a half for a novella between two books. */
export const seriesNumberSchema = z
  .number()
  .min(0.5, CATALOGUE_MESSAGES.seriesNumber)
  .max(MAX_SERIES_NUMBER, CATALOGUE_MESSAGES.seriesNumber)
  .refine((n) => Number.isInteger(n * 2), CATALOGUE_MESSAGES.seriesNumber);

/** The catalogue fields of a book, all optional (null or absent when not given). */
export const catalogueFields = {
  /** ISBN-13, digits only; an ISBN-10 is stored as its ISBN-13. */
  isbn: storedIsbnSchema.nullish(),
  /** Publication date, YYYY-MM-DD; a date still to come makes the book a preorder. */
  publication_date: publicationDateSchema.nullish(),
  /** Page count. */
  pages: z
    .number()
    .int(CATALOGUE_MESSAGES.pages)
    .min(1, CATALOGUE_MESSAGES.pages)
    .max(MAX_PAGES, CATALOGUE_MESSAGES.pages)
    .nullish(),
  /** The book's language, a BCP 47 tag from BOOK_LANGUAGES. */
  language: z.enum(BOOK_LANGUAGE_TAGS).nullish(),
  /** Publisher's name, for books a publisher brings out. */
  publisher: z.string().trim().max(TEXT_LIMITS.name).nullish(),
  /** The series' name, as the author writes it. */
  series: z.string().trim().max(TEXT_LIMITS.title).nullish(),
  /** The book's number in its series. */
  series_number: seriesNumberSchema.nullish(),
};

/**
 * A series' address: /series/{slug}, the slug made from its name as profile
 * addresses are ('The Tidewater Trilogy' → 'the-tidewater-trilogy'); '' for a name
 * with no letter or digit. Two authors' series of the same name share the page,
 * each author's books listed apart.
 */
export function seriesSlug(name: string | null | undefined): string {
  return profileSlug((name ?? '').trim()).slice(0, TEXT_LIMITS.slug);
}

/** How a series number reads: 2 → '2', 2.5 → '2.5'. */
export function seriesNumberText(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/**
 * What is wrong with a book's series fields taken together, or null: a number in a
 * series needs the series' name (the editor says so under Number in series; the
 * saves refuse it, since the field schemas check one field at a time).
 */
export function seriesIssue(book: { series?: string | null; series_number?: number | null }): string | null {
  const named = typeof book.series === 'string' && book.series.trim() !== '';
  return typeof book.series_number === 'number' && !named
    ? CATALOGUE_MESSAGES.seriesNumberWithoutSeries
    : null;
}
