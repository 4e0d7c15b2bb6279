/**
 * The book editor's form (book page edit mode): every editable field as the
 * inputs hold it (text for prices, ordered section rows, the catalogue fields as
 * typed), validated with the book schema's own rules and messages, and the
 * conversions between a stored book, the form and the saveBook request.
 */
import { z } from 'zod';
import {
  bookFormSchema,
  MAX_GENRES,
  MAX_MANUSCRIPT_SECTIONS,
  MANUSCRIPT_SECTION_TYPES,
  SUB_GENRE_MAX_LENGTH,
  type Book,
  type BookForm,
} from './book.ts';
import {
  BOOK_LANGUAGE_TAGS,
  CATALOGUE_MESSAGES,
  catalogueFields,
  publicationDateSchema,
  seriesNumberSchema,
  seriesIssue,
  seriesNumberText,
} from './catalogue.ts';
import { TEXT_LIMITS } from '../shared/common.ts';
import { BOOK_CATEGORY_VALUES } from '../items/genres.ts';
import { formatIsbn, parseIsbn } from './isbn.ts';
import {
  BOOK_PRICE_FIELDS,
  BOOK_TEXT_FIELDS,
  bookRowSchema,
  bookToRow,
  emptyBookRow,
  rowToBookFields,
} from './book-row.ts';

/** One manuscript section as the editor holds it; its order is its place in the list. */
export const sectionRowSchema = z
  .object({
    /** Stable id within the book. */
    sectionId: z.string().min(1).max(TEXT_LIMITS.id),
    type: z.enum(MANUSCRIPT_SECTION_TYPES),
    title: z.string().max(TEXT_LIMITS.title, 'Section title must be 200 characters or less'),
    content: z
      .string()
      .max(
        TEXT_LIMITS.long,
        `A section can hold at most ${TEXT_LIMITS.long.toLocaleString('en-US')} characters`,
      ),
  })
  .superRefine((row, context) => {
    if (row.type === 'text') return;
    const value = row.content.trim();
    if (value === '' || !/^https?:\/\/\S+$/.test(value))
      context.addIssue({ code: 'custom', path: ['content'], message: 'Please enter a valid URL' });
  });
/** A section row. */
export type SectionRow = z.infer<typeof sectionRowSchema>;

/** The catalogue fields, in form order: each one an input whose text is '' when empty. */
export const CATALOGUE_INPUTS = [
  'isbn',
  'publication_date',
  'pages',
  'language',
  'publisher',
  'series',
  'series_number',
] as const;
/** One catalogue field. */
export type CatalogueInput = (typeof CATALOGUE_INPUTS)[number];

/** A typed number ('' when empty) checked by `schema`, the stored field's own rule and message. */
function numberInput(schema: z.ZodType<number>, message: string) {
  return z.string().superRefine((text, context) => {
    const value = text.trim();
    if (value === '') return;
    const result = /^\d+(?:\.\d+)?$/.test(value) ? schema.safeParse(Number(value)) : null;
    if (!result?.success)
      context.addIssue({ code: 'custom', message: result?.error.issues[0]?.message ?? message });
  });
}

/** The catalogue inputs as they hold text; each empty one saves as null. */
export const catalogueInputsSchema = z.object({
  /** An ISBN-10 or ISBN-13 as typed, hyphens and spaces allowed; parseIsbn's message when refused. */
  isbn: z.string().superRefine((text, context) => {
    if (text.trim() === '') return;
    const parsed = parseIsbn(text);
    if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
  }),
  /** YYYY-MM-DD, as a date input gives it. */
  publication_date: z
    .string()
    .refine((text) => text === '' || publicationDateSchema.safeParse(text).success, CATALOGUE_MESSAGES.date),
  pages: numberInput(catalogueFields.pages.unwrap().unwrap(), CATALOGUE_MESSAGES.pages),
  /** A tag from BOOK_LANGUAGES, or '' for none (the select's first choice). */
  language: z
    .string()
    .refine(
      (tag) => tag === '' || (BOOK_LANGUAGE_TAGS as readonly string[]).includes(tag),
      'Choose a language from the list.',
    ),
  publisher: z.string().max(TEXT_LIMITS.name, `Publisher must be ${TEXT_LIMITS.name} characters or less`),
  series: z.string().max(TEXT_LIMITS.title, `Series must be ${TEXT_LIMITS.title} characters or less`),
  series_number: numberInput(seriesNumberSchema, CATALOGUE_MESSAGES.seriesNumber),
}).shape;

/** The whole book editor form. */
export const bookEditorSchema = bookRowSchema
  .safeExtend({
    ...catalogueInputsSchema,
    title: z
      .string()
      .trim()
      .min(1, 'Title is required')
      .max(TEXT_LIMITS.title, 'Title must be 200 characters or less'),
    category: z.union([z.enum(BOOK_CATEGORY_VALUES), z.literal('')]),
    genre: z.array(z.string()).max(MAX_GENRES, `Choose at most ${MAX_GENRES} genres`),
    sub_genre: z
      .array(z.string().max(SUB_GENRE_MAX_LENGTH))
      .max(MAX_GENRES, `Add at most ${MAX_GENRES} sub-genres`),
    manuscript_content: z
      .array(sectionRowSchema)
      .max(MAX_MANUSCRIPT_SECTIONS, `A book can have at most ${MAX_MANUSCRIPT_SECTIONS} sections`),
    free_preview_title: z
      .string()
      .max(TEXT_LIMITS.title, 'Free-preview title must be 200 characters or less'),
    is_full_book_free: z.boolean(),
    /** Admin only, for an existing book. */
    is_active: z.boolean(),
  })
  .superRefine((values, context) => {
    // A number in a series needs the series' name: said under Number in series.
    const message = seriesIssue({
      series: values.series,
      series_number: (values.series_number ?? '').trim() === '' ? null : 1,
    });
    if (message) context.addIssue({ code: 'custom', path: ['series_number'], message });
  });
/** What the editor's inputs hold. */
export type BookEditorValues = z.input<typeof bookEditorSchema>;

/** A stored book (or a new one) as the editor's values. */
export function toEditorValues(book?: Book): BookEditorValues {
  const row = book ? bookToRow(book) : emptyBookRow();
  return {
    ...row,
    category: book?.category ?? '',
    genre: [...(book?.genre ?? [])],
    sub_genre: [...(book?.sub_genre ?? [])],
    manuscript_content: [...(book?.manuscript_content ?? [])]
      .sort((a, b) => a.order - b.order)
      .map((section) => ({
        sectionId: section.id,
        type: section.type,
        title: section.title,
        content: section.content,
      })),
    free_preview_title: book?.free_preview_title ?? '',
    is_full_book_free: book?.is_full_book_free ?? false,
    is_active: book?.is_active ?? true,
    ...catalogueToInputs(book),
  };
}

/** A stored book's catalogue fields as the inputs show them ('' for none; the ISBN-13 hyphenated as the page shows it). */
export function catalogueToInputs(
  book?: Partial<Pick<Book, CatalogueInput>>,
): Record<CatalogueInput, string> {
  return {
    isbn: book?.isbn ? formatIsbn(book.isbn) : '',
    publication_date: book?.publication_date ?? '',
    pages: typeof book?.pages === 'number' ? String(book.pages) : '',
    language: book?.language ?? '',
    publisher: book?.publisher ?? '',
    series: book?.series ?? '',
    series_number: typeof book?.series_number === 'number' ? seriesNumberText(book.series_number) : '',
  };
}

/**
 * The catalogue inputs as stored: null for an empty input, the ISBN as its
 * ISBN-13, numbers as numbers, text trimmed. An input the values do not hold at
 * all (a draft kept before the field existed) is left out, so the save keeps
 * what is stored rather than clearing it.
 */
export function inputsToCatalogue(
  values: Partial<Record<CatalogueInput, string | undefined>>,
): Partial<Pick<BookForm, CatalogueInput>> {
  const out: Partial<Record<CatalogueInput, unknown>> = {};
  for (const field of CATALOGUE_INPUTS) {
    const raw = values[field];
    if (typeof raw !== 'string') continue;
    const text = raw.trim();
    if (text === '') {
      out[field] = null;
      continue;
    }
    if (field === 'isbn') {
      const parsed = parseIsbn(text);
      out.isbn = parsed.ok ? parsed.isbn13 : text;
    } else if (field === 'pages' || field === 'series_number') out[field] = Number(text);
    else out[field] = text;
  }
  return out as Partial<Pick<BookForm, CatalogueInput>>;
}

/** The editor's values as the saveBook request's book fields (checked again with the book's form schema). */
export function editorToBookForm(values: BookEditorValues): BookForm {
  const fields = rowToBookFields({ ...values, title: values.title });
  return bookFormSchema.parse({
    ...fields,
    title: values.title.trim(),
    category: values.category === '' ? null : values.category,
    genre: values.genre,
    sub_genre: values.sub_genre,
    manuscript_content: values.manuscript_content.map((row, order) => ({
      id: row.sectionId,
      type: row.type,
      title: row.title.trim(),
      content: row.type === 'text' ? row.content : row.content.trim(),
      order,
    })),
    free_preview_title: values.free_preview_title.trim() === '' ? null : values.free_preview_title.trim(),
    is_full_book_free: values.is_full_book_free,
    ...inputsToCatalogue(values),
  });
}

/** The sub-genre list after typing `raw` and pressing Enter: trimmed, blanks and repeats (any case) ignored, bounded. */
export function addSubGenre(list: readonly string[], raw: string): string[] {
  const value = raw.trim().slice(0, SUB_GENRE_MAX_LENGTH).trim();
  if (
    value === '' ||
    list.length >= MAX_GENRES ||
    list.some((item) => item.toLowerCase() === value.toLowerCase())
  )
    return [...list];
  return [...list, value];
}

/** A new section id not used in `rows`. */
export function newSectionId(
  rows: readonly Pick<SectionRow, 'sectionId'>[],
  random: () => number = Math.random,
): string {
  const used = new Set(rows.map((row) => row.sectionId));
  for (;;) {
    const id = `s${Math.floor(random() * 1e9).toString(36)}`;
    if (!used.has(id)) return id;
  }
}

/** `rows` with the row at `from` moved to `to` (bounded to the list). */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  const next = [...rows];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [row] = next.splice(from, 1);
  next.splice(target, 0, row as T);
  return next;
}

export { BOOK_PRICE_FIELDS, BOOK_TEXT_FIELDS };
