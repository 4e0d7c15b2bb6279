/**
 * A book's plain fields as the book editor's inputs hold them: one text input
 * per text field, prices typed as text, purchase links as rows. The book
 * editor's form (`book-editor.ts`) is built on this row and adds the title rule,
 * the lists, the sections and the catalogue inputs. Pure: no Firebase, no DOM.
 */
import { z } from 'zod';
import { bookFormSchema, purchaseLinkSchema, type Book, type BookForm, type PurchaseLink } from './book.ts';
import { TEXT_LIMITS } from '../shared/common.ts';

/** The book fields shown as one text input each, in form order. */
export const BOOK_TEXT_FIELDS = [
  'title',
  'description',
  'cover_image',
  'purchase_url',
  'ebook_url',
  'paperback_url',
  'hardcover_url',
  'audiobook_url',
  'video_url',
] as const;
/** The book price fields, typed as text in the form and stored as numbers. */
export const BOOK_PRICE_FIELDS = [
  'price',
  'ebook_price',
  'paperback_price',
  'hardcover_price',
  'audiobook_price',
] as const;
type BookTextField = (typeof BOOK_TEXT_FIELDS)[number];
type BookPriceField = (typeof BOOK_PRICE_FIELDS)[number];

/** A price as typed: empty, or an amount of zero or more with up to two decimals. */
const priceInputSchema = z
  .string()
  .trim()
  .regex(/^(?:\d{1,10}(?:\.\d{1,2})?)?$/, 'Enter a price such as 12.99, or leave it empty');

/** A purchase link row as the inputs hold it. */
const purchaseLinkRowSchema = z.object({
  label: purchaseLinkSchema.shape.label,
  url: purchaseLinkSchema.shape.url,
  price: z.string().max(30, 'Price must be 30 characters or less'),
});

/** A book's plain fields as the inputs hold them, each checked with the book form's own rule. */
export const bookRowSchema = z.object({
  title: z.string().max(TEXT_LIMITS.title, 'Title must be 200 characters or less'),
  description: z.string().pipe(bookFormSchema.shape.description.unwrap().unwrap()),
  cover_image: z.string().pipe(bookFormSchema.shape.cover_image.unwrap().unwrap()),
  purchase_url: z.string().pipe(bookFormSchema.shape.purchase_url.unwrap().unwrap()),
  ebook_url: z.string().pipe(bookFormSchema.shape.ebook_url.unwrap().unwrap()),
  paperback_url: z.string().pipe(bookFormSchema.shape.paperback_url.unwrap().unwrap()),
  hardcover_url: z.string().pipe(bookFormSchema.shape.hardcover_url.unwrap().unwrap()),
  audiobook_url: z.string().pipe(bookFormSchema.shape.audiobook_url.unwrap().unwrap()),
  video_url: z.string().pipe(bookFormSchema.shape.video_url.unwrap().unwrap()),
  price: priceInputSchema,
  ebook_price: priceInputSchema,
  paperback_price: priceInputSchema,
  hardcover_price: priceInputSchema,
  audiobook_price: priceInputSchema,
  purchase_links: z.array(purchaseLinkRowSchema).max(20, 'A book can have at most 20 purchase links'),
});
/** A book's plain fields as the inputs hold them. */
export type BookRow = z.infer<typeof bookRowSchema>;
/** A purchase-link row as the inputs hold it. */
export type PurchaseLinkRow = z.infer<typeof purchaseLinkRowSchema>;

const priceText = (price: number | null | undefined): string =>
  typeof price === 'number' ? String(price) : '';

/** A stored book's plain fields as the inputs show them ('' for none). */
export function bookToRow(book: Book): BookRow {
  const row = { purchase_links: [] as PurchaseLinkRow[] } as unknown as BookRow;
  for (const field of BOOK_TEXT_FIELDS) row[field] = book[field] ?? '';
  for (const field of BOOK_PRICE_FIELDS) row[field] = priceText(book[field]);
  row.purchase_links = book.purchase_links.map((link) => ({
    label: link.label,
    url: link.url,
    price: link.price ?? '',
  }));
  return row;
}

/** Empty inputs, for a new book. */
export function emptyBookRow(): BookRow {
  const row = { purchase_links: [] as PurchaseLinkRow[] } as unknown as BookRow;
  for (const field of [...BOOK_TEXT_FIELDS, ...BOOK_PRICE_FIELDS]) row[field] = '';
  return row;
}

/** A typed price as stored: null when empty. */
function priceValue(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** The inputs as the book fields the server stores (strings trimmed, prices as numbers, links cleaned). */
export function rowToBookFields(
  row: BookRow,
): Omit<
  BookForm,
  'genre' | 'sub_genre' | 'manuscript_content' | 'free_preview_title' | 'is_full_book_free' | 'category'
> {
  const fields = {} as Record<BookTextField, string> & Record<BookPriceField, number | null>;
  for (const field of BOOK_TEXT_FIELDS)
    fields[field] = field === 'description' ? row[field] : row[field].trim();
  for (const field of BOOK_PRICE_FIELDS) fields[field] = priceValue(row[field]);
  const purchase_links: PurchaseLink[] = row.purchase_links.map((link) => ({
    label: link.label.trim(),
    url: link.url.trim(),
    price: link.price.trim() === '' ? null : link.price.trim(),
  }));
  return { ...fields, purchase_links };
}
