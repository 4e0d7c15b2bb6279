/**
 * The book page's Details (ISBN, publication date, pages, language, publisher)
 * and the same facts in its schema.org Book, as pure functions: only the ones a
 * book has, so a book without them shows and says nothing.
 */
import type { Book } from './book.ts';
import { languageName } from './catalogue.ts';
import { formatIsbn, isbn10Of } from './isbn.ts';

/** The catalogue facts the page shows. */
export type CataloguedBook = Partial<
  Pick<Book, 'isbn' | 'publication_date' | 'pages' | 'language' | 'publisher'>
>;

/** One row of Details: its label and its text. */
export interface DetailRow {
  /** Stable key, for tests and data attributes ('isbn', 'isbn10', 'published', 'pages', 'language', 'publisher'). */
  key: string;
  label: string;
  value: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A YYYY-MM-DD date as people read it: '2027-03-14' → '14 March 2027' (the calendar day, whatever the time zone). */
export function humanDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1] ?? ''} ${year}`;
}

/** Today as YYYY-MM-DD in UTC, the day the page compares a publication date with. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A publication date as the page says it: '14 March 2027', or 'Comes out 14 March 2027' for a day still to come. */
export function publicationDateText(date: string, today: string): string {
  return date > today ? `Comes out ${humanDate(date)}` : humanDate(date);
}

/** The Details rows of a book, in order, only those with a value (none for a book without catalogue facts). */
export function bookDetails(book: CataloguedBook, now: Date): DetailRow[] {
  const rows: DetailRow[] = [];
  if (book.isbn) {
    rows.push({ key: 'isbn', label: 'ISBN', value: formatIsbn(book.isbn) });
    const isbn10 = isbn10Of(book.isbn);
    if (isbn10) rows.push({ key: 'isbn10', label: 'ISBN-10', value: isbn10 });
  }
  if (book.publication_date)
    rows.push({
      key: 'published',
      label: 'Publication date',
      value: publicationDateText(book.publication_date, todayOf(now)),
    });
  if (typeof book.pages === 'number')
    rows.push({ key: 'pages', label: 'Pages', value: book.pages.toLocaleString('en-US') });
  const language = languageName(book.language);
  if (language) rows.push({ key: 'language', label: 'Language', value: language });
  const publisher = book.publisher?.trim();
  if (publisher) rows.push({ key: 'publisher', label: 'Publisher', value: publisher });
  return rows;
}

/**
 * The catalogue facts of a schema.org Book: isbn (the ISBN-13, digits only),
 * datePublished, numberOfPages, inLanguage (the language tag) and publisher (an
 * Organization named as the book names it), each only when the book has it.
 */
export function catalogueJsonLd(book: CataloguedBook): Record<string, unknown> {
  const publisher = book.publisher?.trim();
  return {
    ...(book.isbn ? { isbn: book.isbn } : {}),
    ...(book.publication_date ? { datePublished: book.publication_date } : {}),
    ...(typeof book.pages === 'number' ? { numberOfPages: book.pages } : {}),
    ...(book.language ? { inLanguage: book.language } : {}),
    ...(publisher ? { publisher: { '@type': 'Organization', name: publisher } } : {}),
  };
}
