/**
 * What the book page (/book/{id}) and the online reader (/book/{id}/read/{n})
 * show, as pure functions: id and section-number checks on the URL, the reading
 * order of the manuscript, a text section as safe paragraphs, links that only
 * ever point at http(s) or the site's own media (its schema.org Book is
 * src/domain/book-json-ld.ts).
 */
import type { Book, ManuscriptSection } from './book.ts';
import { isFreeReadable, sortedSections } from './book.ts';
import { authorNames, type CatalogueBook } from './catalogue-book.ts';
import { bookCategoryLabel, genreLabel } from '../items/genres.ts';
import { HTTP_URL_PATTERN_SOURCE, MEDIA_PATH_PATTERN_SOURCE } from '../shared/common.ts';
import { isItemIdShape } from '../items/owned-item.ts';

/** The not-found screen of an unknown or disabled book (HTTP 404). */
export const BOOK_NOT_FOUND = {
  title: 'Book Not Found',
  detail: 'This book does not exist or is no longer available.',
  back: 'Go Home',
} as const;

/** True when `id` can name a book (a book's id is any owned item's); anything else is answered 404 without a read. */
export const isBookIdShape = isItemIdShape;

/** The 1-based section number of a reading URL ('1', '12'), or null for '0', '01', '-1', '1.5', 'abc'. */
export function parseSectionNumber(raw: string | undefined | null): number | null {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,3}$/.test(raw)) return null;
  return Number(raw);
}

/** The path of the reading page of section `n` (1-based). */
export function readingPath(bookId: string, n: number): string {
  return `/book/${encodeURIComponent(bookId)}/read/${n}`;
}

const HTTP_URL = new RegExp(HTTP_URL_PATTERN_SOURCE, 'u');
const MEDIA_PATH = new RegExp(MEDIA_PATH_PATTERN_SOURCE);

/** `value` when it is an http(s) URL or a path under /media/, else null: a javascript: or data: link is never rendered. */
export function safeHref(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  return HTTP_URL.test(text) || MEDIA_PATH.test(text) ? text : null;
}

/** A section as the reader shows it. */
export type ReaderSection =
  | { kind: 'text'; id: string; title: string; paragraphs: string[] }
  | { kind: 'image'; id: string; title: string; src: string }
  | { kind: 'link'; id: string; title: string; href: string }
  /** A section whose content cannot be shown (an image or link that is not a safe URL, or empty text). */
  | { kind: 'empty'; id: string; title: string };

/** Splits prose into paragraphs at blank lines; single line breaks stay inside a paragraph (rendered with white-space: pre-line). */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** The heading a section shows: its own title, else 'Section n'. */
export function sectionTitle(section: Pick<ManuscriptSection, 'title'>, n: number): string {
  const title = section.title?.trim();
  return title ? title : `Section ${n}`;
}

/** The manuscript in reading order, each section ready to render. */
export function readerSections(book: Pick<Book, 'manuscript_content'>): ReaderSection[] {
  return sortedSections(book.manuscript_content ?? []).map((section, index) => {
    const base = { id: section.id, title: sectionTitle(section, index + 1) };
    if (section.type === 'text') {
      const paragraphs = paragraphsOf(section.content ?? '');
      return paragraphs.length > 0 ? { kind: 'text', ...base, paragraphs } : { kind: 'empty', ...base };
    }
    const href = safeHref(section.content);
    if (!href) return { kind: 'empty', ...base };
    return section.type === 'image' ? { kind: 'image', ...base, src: href } : { kind: 'link', ...base, href };
  });
}

/** True when the book page offers reading online: it has a text or url section. */
export function offersReading(book: Pick<Book, 'manuscript_content'>): boolean {
  return isFreeReadable(book) && (book.manuscript_content ?? []).length > 0;
}

/** The chips under the title: category, then genre labels, then sub-genres, each once. */
export function bookChips(book: Pick<Book, 'category' | 'genre' | 'sub_genre'>): {
  category?: string;
  genres: string[];
  subGenres: string[];
} {
  const genres = [...new Set((book.genre ?? []).map(genreLabel))];
  const subGenres = [
    ...new Set((book.sub_genre ?? []).map((value) => value.trim()).filter((value) => value !== '')),
  ];
  return { ...(book.category ? { category: bookCategoryLabel(book.category) } : {}), genres, subGenres };
}

/** What a meta description is made from: a listed book's author snapshot, or a catalogue book's authors by name. */
export type MetaDescribedBook =
  Pick<Book, 'title' | 'description' | 'author'> | Pick<CatalogueBook, 'title' | 'description' | 'authors'>;

const META_LENGTH = 300;

/** `text` on one line, cut to the meta description's length with an ellipsis. */
function metaCut(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > META_LENGTH ? `${line.slice(0, META_LENGTH - 3)}…` : line;
}

/**
 * The meta description of a book page. A listed book: its description, else a
 * sentence naming title and author. A catalogue book: 'Title by Its Authors.'
 * and its description, since nobody wrote the description for this site.
 */
export function bookMetaDescription(book: MetaDescribedBook): string {
  const description = book.description?.replace(/\s+/g, ' ').trim();
  if ('authors' in book) {
    const names = authorNames(book.authors);
    return metaCut(`${book.title}${names ? ` by ${names}` : ''}.${description ? ` ${description}` : ''}`);
  }
  if (description) return metaCut(description);
  const by = book.author?.display_name ? ` by ${book.author.display_name}` : '';
  return `${book.title}${by}.`;
}
