/**
 * The book editor's form (book page edit mode): every editable field as the
 * inputs hold it (text for prices, ordered section rows), validated with the
 * book schema's own rules and messages, and the conversions between a stored
 * book, the form and the saveBook request.
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
import { TEXT_LIMITS } from './common.ts';
import { BOOK_CATEGORY_VALUES } from './genres.ts';
import {
  BOOK_PRICE_FIELDS,
  BOOK_TEXT_FIELDS,
  bookRowSchema,
  bookToRow,
  emptyBookRow,
  rowToBookFields,
} from './profile-edit-form.ts';

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

/** The whole book editor form. */
export const bookEditorSchema = bookRowSchema.safeExtend({
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
  free_preview_title: z.string().max(TEXT_LIMITS.title, 'Free-preview title must be 200 characters or less'),
  is_full_book_free: z.boolean(),
  /** Admin only, for an existing book. */
  is_active: z.boolean(),
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
  };
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
