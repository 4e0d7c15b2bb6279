/**
 * What the book page shows of a catalogue book (catalogue-book.ts), as pure
 * functions: its Details (the first edition's facts, in the rows a listed book's
 * Details use), one line of facts per edition, and the schema.org format of an
 * edition. Only the facts a book has: an unknown one shows and says nothing.
 */
import { bookDetails, humanDate, type DetailRow } from './book-details.ts';
import type { CatalogueBook, CatalogueBookEdition } from './catalogue-book.ts';
import { languageName } from './catalogue.ts';
import { formatIsbn } from './isbn.ts';

/** When an edition came out as the page says it: its whole date, else its year ('' when neither is known). */
export function editionPublished(
  edition: Pick<CatalogueBookEdition, 'publication_date' | 'publication_year'>,
): string {
  if (edition.publication_date) return humanDate(edition.publication_date);
  return edition.publication_year ? String(edition.publication_year) : '';
}

/**
 * The Details rows of a catalogue book: its first edition's ISBN, publication
 * date (or year), pages, language and publisher, in bookDetails' order and
 * format. None for a book without editions.
 */
export function catalogueBookDetails(book: Pick<CatalogueBook, 'editions'>, now: Date): DetailRow[] {
  const first = book.editions[0];
  if (!first) return [];
  const rows = bookDetails(
    {
      isbn: first.isbn ?? null,
      publication_date: first.publication_date ?? null,
      pages: first.pages ?? null,
      language: first.language ?? null,
      publisher: first.publisher ?? null,
    },
    now,
  );
  // A year alone (all Open Library often knows) goes where the date would.
  if (!first.publication_date && first.publication_year) {
    const at = rows.filter((row) => row.key === 'isbn' || row.key === 'isbn10').length;
    rows.splice(at, 0, { key: 'published', label: 'Published', value: String(first.publication_year) });
  }
  return rows;
}

/** One edition on the page: a stable key and its known facts, each labelled. */
export interface EditionRow {
  /** The edition's source id, else its place in the list. */
  key: string;
  facts: DetailRow[];
}

/** Every edition's facts (format, publisher, date or year, pages, language, ISBN), in the stored order. */
export function editionRows(editions: readonly CatalogueBookEdition[]): EditionRow[] {
  return editions.map((edition, index) => {
    const facts: DetailRow[] = [];
    const add = (key: string, label: string, value: string | null | undefined) => {
      const text = value?.trim();
      if (text) facts.push({ key, label, value: text });
    };
    add('format', 'Format', edition.format);
    add('publisher', 'Publisher', edition.publisher);
    add('published', 'Published', editionPublished(edition));
    add('pages', 'Pages', typeof edition.pages === 'number' ? edition.pages.toLocaleString('en-US') : null);
    add('language', 'Language', languageName(edition.language));
    add('isbn', 'ISBN', edition.isbn ? formatIsbn(edition.isbn) : null);
    return { key: edition.source_id ?? String(index + 1), facts };
  });
}

/** Formats as sources spell them, matched in order, and the schema.org BookFormatType each is. */
const SCHEMA_FORMATS: readonly (readonly [RegExp, string])[] = [
  [/audio/i, 'AudiobookFormat'],
  [/graphic novel/i, 'GraphicNovel'],
  [/e-?book|kindle|epub|digital/i, 'EBook'],
  [/hard ?(cover|back)|library binding/i, 'Hardcover'],
  [/paper ?back|soft ?cover|mass market|trade paper/i, 'Paperback'],
];

/** The schema.org bookFormat URL of a source's format text ('Mass Market Paperback' → …/Paperback), or null when none fits. */
export function schemaBookFormat(format: string | null | undefined): string | null {
  if (!format) return null;
  const match = SCHEMA_FORMATS.find(([pattern]) => pattern.test(format));
  return match ? `https://schema.org/${match[1]}` : null;
}
