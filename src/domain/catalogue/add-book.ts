/**
 * "Add a book": what a reader sends to find a book and to add one to Shelfmark's
 * catalogue, what the functions answer, and how a work of an outside catalogue (or a
 * reader's typed title, author and ISBN) becomes a catalogue book
 * (src/domain/books/catalogue-book.ts). Pure: the functions (functions/src/catalogue/)
 * read and write, the island (src/islands/catalogue/) asks and shows.
 */
import { z } from 'zod';
import { TEXT_LIMITS, idSchema, timestampSchema } from '../shared/common.ts';
import { searchKeywords } from '../shared/list-search.ts';
import { parseIsbn, ISBN_MESSAGES } from '../books/isbn.ts';
import { titleAuthorKey } from '../books/match-key.ts';
import { MAX_SEARCH_KEYWORDS } from '../books/book.ts';
import { publicationDateSchema, type BookLanguage } from '../books/catalogue.ts';
import {
  CATALOGUE_LIMITS,
  authorNames,
  authorSlugsOf,
  catalogueBookSchema,
  type CatalogueBook,
  type CatalogueBookEdition,
} from '../books/catalogue-book.ts';
import type { CatalogueEdition, CatalogueSearchHit, CatalogueWork } from './catalogue-work.ts';

/** Longest search a reader may type. */
export const FIND_QUERY_MAX = 200;
/** Most books of each group a search answers. */
export const FIND_RESULTS_MAX = 10;
/** A member's searches and additions: enough for a long evening of adding, never a crawl of Open Library. */
export const FIND_LIMITS_PER_MEMBER = [
  { max: 60, windowMs: 10 * 60_000 },
  { max: 600, windowMs: 24 * 60 * 60_000 },
] as const;
export const ADD_LIMITS_PER_MEMBER = [
  { max: 30, windowMs: 60 * 60_000 },
  { max: 200, windowMs: 24 * 60 * 60_000 },
] as const;

/** What the page and the functions say. */
export const ADD_BOOK_MESSAGES = {
  queryEmpty: 'Type a title, an author or an ISBN.',
  queryLong: `Searches are at most ${FIND_QUERY_MAX} characters.`,
  sourceDown:
    'Open Library is not answering right now, so only books already on Shelfmark are shown. Try again in a minute.',
  sourceGarbled:
    'Open Library sent an answer Shelfmark could not read, so only books already on Shelfmark are shown.',
  notFoundAnywhere: 'No book matches that search, on Shelfmark or in Open Library.',
  workGone: 'Open Library no longer has that book. Search again, or add it by hand.',
  addFailed: 'The book could not be added right now. Nothing was saved; try again in a minute.',
  titleRequired: 'Title is required',
  authorRequired: 'Author is required',
  added: 'Book added to Shelfmark.',
  alreadyHere: 'That book is already on Shelfmark.',
  signIn: 'Sign in to add books to Shelfmark.',
  notAllowed: 'Your account cannot add books right now.',
  throttled: 'You have added or searched for many books in a short time. Wait a few minutes and try again.',
} as const;

/** findBooks' request: one search box. */
export const findBooksRequestSchema = z.object({
  query: z
    .string({ error: ADD_BOOK_MESSAGES.queryEmpty })
    .trim()
    .min(1, ADD_BOOK_MESSAGES.queryEmpty)
    .max(FIND_QUERY_MAX, ADD_BOOK_MESSAGES.queryLong),
});
export type FindBooksRequest = z.infer<typeof findBooksRequestSchema>;

/** A book already on Shelfmark, as a search lists it. */
export interface FoundBook {
  id: string;
  title: string;
  authors: string;
  cover: string | null;
  year: number | null;
  kind: 'listed' | 'catalogue';
}

/** A work of the outside catalogue not on Shelfmark yet. */
export interface FoundWork {
  workId: string;
  title: string;
  authors: string;
  year: number | null;
  editionCount: number;
  /** The ISBN the search was for, when it was an ISBN search: the edition to add first. */
  isbn: string | null;
}

/** findBooks' answer: Shelfmark's books first, then the source's, and what went wrong with the source (null when nothing). */
export interface FindBooksResult {
  shelfmark: FoundBook[];
  openLibrary: FoundWork[];
  sourceProblem: string | null;
}

const OL_WORK_ID = /^OL\d{1,12}W$/;

/** addCatalogueBook's request: a work found by findBooks and, optionally, the edition's ISBN. */
export const addCatalogueBookRequestSchema = z.object({
  workId: z.string().regex(OL_WORK_ID, ADD_BOOK_MESSAGES.workGone),
  isbn: z.string().max(20).nullish(),
});
export type AddCatalogueBookRequest = z.infer<typeof addCatalogueBookRequestSchema>;

/** An optional typed ISBN: empty, or one whose check digit is right (stored as its ISBN-13). */
const typedIsbnSchema = z
  .string()
  .trim()
  .max(20, ISBN_MESSAGES.length)
  .nullish()
  .transform((value, context) => {
    if (!value) return null;
    const parsed = parseIsbn(value);
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.isbn13;
  });

/** The "Add it by hand" form, on the island and in addBookByHand. */
export const addBookByHandSchema = z.object({
  title: z
    .string({ error: ADD_BOOK_MESSAGES.titleRequired })
    .trim()
    .min(1, ADD_BOOK_MESSAGES.titleRequired)
    .max(TEXT_LIMITS.title),
  author: z
    .string({ error: ADD_BOOK_MESSAGES.authorRequired })
    .trim()
    .min(1, ADD_BOOK_MESSAGES.authorRequired)
    .max(TEXT_LIMITS.name),
  isbn: typedIsbnSchema,
});
export type AddBookByHandInput = z.input<typeof addBookByHandSchema>;

/** What both additions answer: the book's id, and whether it was already on Shelfmark. */
export interface AddBookResult {
  bookId: string;
  existing: boolean;
}

/**
 * catalogue_sources/{source}_{work id}: the catalogue book a source's work became, so a
 * work is added once however many readers add it at once. Server-only.
 */
export const catalogueSourceRecordSchema = z.object({
  /** `openlibrary_OL…W`. */
  id: z.string().regex(/^openlibrary_OL\d{1,12}W$/),
  book_id: idSchema,
  created_at: timestampSchema,
});

/** Open Library's MARC language codes of the languages a book may be in (catalogue.ts). */
const MARC_LANGUAGES: Readonly<Record<string, BookLanguage>> = {
  eng: 'en',
  ara: 'ar',
  ben: 'bn',
  chi: 'zh',
  zho: 'zh',
  cze: 'cs',
  ces: 'cs',
  dan: 'da',
  dut: 'nl',
  nld: 'nl',
  fin: 'fi',
  fre: 'fr',
  fra: 'fr',
  ger: 'de',
  deu: 'de',
  gre: 'el',
  ell: 'el',
  heb: 'he',
  hin: 'hi',
  hun: 'hu',
  ind: 'id',
  gle: 'ga',
  ita: 'it',
  jpn: 'ja',
  kor: 'ko',
  may: 'ms',
  msa: 'ms',
  nor: 'no',
  per: 'fa',
  fas: 'fa',
  pol: 'pl',
  por: 'pt',
  rum: 'ro',
  ron: 'ro',
  rus: 'ru',
  spa: 'es',
  swa: 'sw',
  swe: 'sv',
  tgl: 'tl',
  tam: 'ta',
  tha: 'th',
  tur: 'tr',
  ukr: 'uk',
  urd: 'ur',
  vie: 'vi',
  wel: 'cy',
  cym: 'cy',
  yor: 'yo',
};

/** A source's language code as a book language, or null for one Shelfmark does not list. */
export function bookLanguageOf(code: string | null | undefined): BookLanguage | null {
  return code ? (MARC_LANGUAGES[code.toLowerCase()] ?? null) : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A source's free-text publication date ('2003', 'September 27, 1964', '1998-04-01',
 * 'c1920', '27 Sept 1964') as a whole date when it names a day, and its year when it
 * names one (1000–9999).
 */
export function parsePublished(text: string | null | undefined): {
  date: string | null;
  year: number | null;
} {
  if (!text) return { date: null, year: null };
  const years = text.match(/(?<!\d)(1\d{3}|[2-9]\d{3})(?!\d)/);
  const year = years ? Number(years[1]) : null;
  if (year === null) return { date: null, year: null };
  let date: string | null = null;
  const iso = text.match(/\b(\d{4})-(\d{2})-(\d{2})\b/);
  if (iso) date = `${iso[1]}-${iso[2]}-${iso[3]}`;
  else {
    const lower = text.toLowerCase();
    const month = MONTHS.findIndex((name) => new RegExp(`\\b${name}`).test(lower));
    const day = lower.replace(String(year), '').match(/\b(\d{1,2})\b/);
    if (month >= 0 && day) date = `${year}-${String(month + 1).padStart(2, '0')}-${day[1]!.padStart(2, '0')}`;
  }
  if (date !== null && !publicationDateSchema.safeParse(date).success) date = null;
  return { date, year };
}

function cut(text: string | null | undefined, max: number): string | null {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : trimmed.slice(0, max);
}

/** One edition as a catalogue book stores it, keeping its first ISBN-13 not in `taken`. */
export function catalogueBookEdition(
  edition: CatalogueEdition,
  taken: ReadonlySet<string>,
): CatalogueBookEdition {
  const published = parsePublished(edition.publishedDate);
  return {
    source_id: edition.sourceId || null,
    isbn: edition.isbn13.find((isbn) => !taken.has(isbn)) ?? null,
    format: cut(edition.format, TEXT_LIMITS.name),
    publisher: cut(edition.publisher, TEXT_LIMITS.name),
    publication_date: published.date,
    publication_year: published.year,
    pages: edition.pages !== null && edition.pages <= 20_000 ? edition.pages : null,
    language: bookLanguageOf(edition.language),
  };
}

/** What a catalogue book stores besides its id. */
export type CatalogueBookWrite = Omit<CatalogueBook, 'id'>;

/** The fields every catalogue book derives from its title and authors, as listed books do (book-listing.ts); a librarian's edit recomputes them too. */
export function catalogueDerivedFields(title: string, authors: readonly { name: string }[]) {
  return {
    match_key: titleAuthorKey(title, authors[0]?.name ?? ''),
    author_slugs: authorSlugsOf(authors),
    search_keywords: searchKeywords([title, ...authors.map((author) => author.name)], {
      maxKeywords: MAX_SEARCH_KEYWORDS,
    }),
  };
}

/** What every new catalogue book starts with: in no listing, active, unrated, unshelved, created now. */
function newBookState(now: Date) {
  return {
    is_public: false,
    is_active: true,
    moderation_hidden: false,
    rating_count: 0,
    rating_sum: 0,
    has_readers: false,
    created_at: now,
    updated_at: now,
  } as const;
}

/** Written when a source names no author. */
export const UNKNOWN_AUTHOR = 'Unknown author';

/**
 * The catalogue book of a source's work. The edition carrying `pickedIsbn` (the one
 * the reader searched for) comes first; ISBNs in `taken` (another book on Shelfmark
 * holds them) are left off their editions, since an ISBN names one edition on the
 * whole site. Validated, so a source's oddities never reach Firestore.
 */
export function catalogueBookFromWork(
  work: CatalogueWork,
  options: {
    addedBy: string;
    now: Date;
    coverImage: string | null;
    taken: ReadonlySet<string>;
    pickedIsbn?: string | null;
  },
): CatalogueBookWrite {
  const picked = options.pickedIsbn ?? null;
  const ordered = [...work.editions].sort(
    (a, b) => Number(b.isbn13.includes(picked ?? '')) - Number(a.isbn13.includes(picked ?? '')),
  );
  const editions = ordered
    .slice(0, CATALOGUE_LIMITS.editions)
    .map((edition) => catalogueBookEdition(edition, options.taken));
  const authors = work.authors
    .map((author) => ({ name: cut(author.name, TEXT_LIMITS.name) ?? '', source_id: author.sourceId }))
    .filter((author) => author.name !== '')
    .slice(0, CATALOGUE_LIMITS.authors);
  if (authors.length === 0) authors.push({ name: UNKNOWN_AUTHOR, source_id: null });
  const title = cut(work.title, TEXT_LIMITS.title) ?? 'Untitled';
  const subjects = [
    ...new Set(
      work.subjects.map((subject) => subject.trim().slice(0, CATALOGUE_LIMITS.subjectLength)).filter(Boolean),
    ),
  ].slice(0, CATALOGUE_LIMITS.subjects);
  const years = editions.flatMap((edition) => (edition.publication_year ? [edition.publication_year] : []));
  return catalogueBookSchema.omit({ id: true }).parse({
    kind: 'catalogue',
    title,
    authors,
    description: cut(work.description, TEXT_LIMITS.long),
    cover_image: options.coverImage,
    // A cover not copied yet (an import's book, or a copy that failed) is copied by the books trigger.
    source_cover_id: options.coverImage
      ? null
      : (work.coverId ?? work.editions.find((edition) => edition.coverId !== null)?.coverId ?? null),
    subjects,
    editions,
    isbn: editions.find((edition) => edition.isbn)?.isbn ?? null,
    first_published: years.length > 0 ? Math.min(...years) : null,
    source: work.source,
    source_id: work.sourceId,
    needs_review: false,
    added_by: options.addedBy,
    ...catalogueDerivedFields(title, authors),
    ...newBookState(options.now),
  });
}

/** The catalogue book a reader adds by hand: marked for a librarian's review. */
export function catalogueBookByHand(
  input: z.output<typeof addBookByHandSchema>,
  options: { addedBy: string; now: Date },
): CatalogueBookWrite {
  const authors = [{ name: input.author, source_id: null }];
  return catalogueBookSchema.omit({ id: true }).parse({
    kind: 'catalogue',
    title: input.title,
    authors,
    description: null,
    cover_image: null,
    subjects: [],
    editions: input.isbn ? [{ source_id: null, isbn: input.isbn }] : [],
    isbn: input.isbn,
    first_published: null,
    source: 'hand',
    source_id: null,
    needs_review: true,
    added_by: options.addedBy,
    ...catalogueDerivedFields(input.title, authors),
    ...newBookState(options.now),
  });
}

/** Every ISBN a catalogue book's editions carry, once each. */
export function editionIsbns(book: Pick<CatalogueBook, 'editions'>): string[] {
  return [...new Set(book.editions.flatMap((edition) => (edition.isbn ? [edition.isbn] : [])))];
}

/** A source's search hit as the page lists it. */
export function foundWork(hit: CatalogueSearchHit, isbn: string | null = null): FoundWork {
  return {
    workId: hit.sourceId,
    title: hit.title,
    authors: authorNames(hit.authors),
    year: hit.firstPublishYear,
    editionCount: hit.editionCount,
    isbn,
  };
}

/** The "Add a book" page's address, searching for and filled in with what a reader's row said of a book. */
export function addBookPath(row: {
  title?: string | null;
  author?: string | null;
  isbn?: string | null;
}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(row)) if (value) params.set(name, value);
  const query = params.toString();
  return query ? `/books/add?${query}` : '/books/add';
}
