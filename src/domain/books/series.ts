/**
 * A series' page, /series/{slug}, and the series line of a book page: which books
 * a series holds, in what order, and what the page says of it. The books are the
 * public books whose series_slug (seriesSlug of their series' name, kept with the
 * listing fields) is the address, of the series' owner only (series-claim.ts: the
 * author who named it first), under the owner's spelling. Another author's books
 * naming a series of the same address are on their own page,
 * /series/{slug}/by/{uid}, and a book's previous and next are its own author's
 * books only. See docs/decisions.md ("Series", "A series belongs to its first author").
 */
import { authorProfilePath, type Book } from './book.ts';
import { seriesNumberText } from './catalogue.ts';
import { TEXT_LIMITS } from '../shared/common.ts';

/**
 * Most books one series page reads: a bound on the page's cost. The page reads
 * one author's books, so other authors cannot push the owner's out; a series
 * longer than this shows its first books by the query's order, which is no
 * order; no real series comes near it.
 */
export const MAX_SERIES_BOOKS = 100;

/** What the series page's not-found screen says. */
export const SERIES_NOT_FOUND = {
  title: 'Series Not Found',
  detail: 'No public books belong to a series at this address.',
  back: 'Go Home',
} as const;

/** The book fields the series page, the book page's series line and their ordering read. */
export type SeriesBook = Pick<
  Book,
  'id' | 'title' | 'user_id' | 'series' | 'series_number' | 'series_slug' | 'author' | 'cover_image'
>;

/**
 * The address of a series page: the owner's, /series/{slug}, or with `authorUid`
 * another author's books of a series of that address, /series/{slug}/by/{uid}.
 */
export function seriesPath(slug: string, authorUid?: string): string {
  return authorUid === undefined ? `/series/${slug}` : `/series/${slug}/by/${encodeURIComponent(authorUid)}`;
}

/**
 * The series page a book is listed on: its series' page when its author owns the
 * series (or no owner is known), else its author's own page of that address.
 */
export function bookSeriesPath(book: { series_slug: string; user_id?: string }, ownerUid?: string): string {
  const own = ownerUid === undefined || book.user_id === undefined || book.user_id === ownerUid;
  return own ? seriesPath(book.series_slug) : seriesPath(book.series_slug, book.user_id);
}

/** True for what can name an author in a series page's address: a uid's characters, at most an id long. */
export function isSeriesAuthorShape(value: string | undefined): value is string {
  return value !== undefined && value.length <= TEXT_LIMITS.id && /^[A-Za-z0-9_-]+$/.test(value);
}

/** True for what seriesSlug can produce: lower-case letters, digits and hyphens, at most a slug long. */
export function isSeriesSlugShape(value: string | undefined): value is string {
  return value !== undefined && value.length <= TEXT_LIMITS.slug && /^[a-z0-9][a-z0-9-]*$/.test(value);
}

/** The name's collation: case and accents aside, numbers by value ('Book 10' after 'Book 9'). */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The order of books within one author's series: by number, the books without a
 * number after the numbered ones, ties (and the unnumbered) by title, then by id
 * so the order never depends on the query.
 */
export function compareInSeries(a: SeriesBook, b: SeriesBook): number {
  const an = a.series_number ?? null;
  const bn = b.series_number ?? null;
  if (an !== bn) {
    if (an === null) return 1;
    if (bn === null) return -1;
    return an - bn;
  }
  return collator.compare(a.title, b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** One author's books of a series, in order. */
export interface SeriesShelf<T extends SeriesBook = SeriesBook> {
  /** The author's uid. */
  authorUid: string;
  /** The author's name, as the books' author snapshot gives it ('' when none). */
  authorName: string;
  /** The author's profile address. */
  authorPath: string;
  /** The series' name as this author writes it (their first book's). */
  name: string;
  /** The books, in series order. */
  books: T[];
}

/**
 * The books of a series page grouped per author, each author's books in series
 * order; the shelves ordered by author name (then uid). Books in no series are
 * left out.
 */
export function seriesShelves<T extends SeriesBook>(books: readonly T[]): SeriesShelf<T>[] {
  const byAuthor = new Map<string, T[]>();
  for (const book of books) {
    if (!book.series?.trim()) continue;
    const shelf = byAuthor.get(book.user_id);
    if (shelf) shelf.push(book);
    else byAuthor.set(book.user_id, [book]);
  }
  const shelves = [...byAuthor].map(([authorUid, own]): SeriesShelf<T> => {
    const ordered = [...own].sort(compareInSeries);
    const first = ordered[0]!;
    return {
      authorUid,
      authorName: first.author?.display_name ?? '',
      authorPath: authorProfilePath(first),
      name: (first.series ?? '').trim(),
      books: ordered,
    };
  });
  return shelves.sort(
    (a, b) =>
      collator.compare(a.authorName, b.authorName) ||
      (a.authorUid < b.authorUid ? -1 : a.authorUid > b.authorUid ? 1 : 0),
  );
}

/** The series' name a page shows: the first shelf's. */
export function seriesName(shelves: readonly SeriesShelf[]): string {
  return shelves[0]?.name ?? '';
}

/** What a book's place in its series reads: 'Book 2' (a half as 'Book 2.5'), or '' without a number. */
export function seriesPlace(book: Partial<Pick<Book, 'series_number'>>): string {
  return typeof book.series_number === 'number' ? `Book ${seriesNumberText(book.series_number)}` : '';
}

/** The book page's series line: 'Book 2 of' or 'Part of' before the linked series name; null for a book in no series. */
export interface SeriesLine {
  /** 'Book 2 of' or 'Part of'. */
  lead: string;
  /** The series' name as the book writes it. */
  name: string;
  /** The series page. */
  path: string;
}

/**
 * The book page's series line, or null for a book in no (addressable) series. The
 * link goes to the page the book is on (bookSeriesPath): `ownerUid` is the
 * series' owner (undefined when unknown).
 */
export function seriesLine(
  book: Partial<Pick<Book, 'series' | 'series_number' | 'series_slug' | 'user_id'>>,
  ownerUid?: string,
): SeriesLine | null {
  const name = book.series?.trim();
  if (!name || !book.series_slug) return null;
  const place = seriesPlace(book);
  return {
    lead: place ? `${place} of` : 'Part of',
    name,
    path: bookSeriesPath({ series_slug: book.series_slug, user_id: book.user_id }, ownerUid),
  };
}

/** The books before and after a book in its author's series (absent at either end, or when the book is not among them). */
export interface SeriesNeighbours<T> {
  previous?: T;
  next?: T;
}

/**
 * The neighbours of `book` among `books`, on its own author's shelf: the books of
 * other authors sharing the series' name are not its neighbours.
 */
export function seriesNeighbours<T extends SeriesBook>(
  book: Pick<Book, 'id' | 'user_id'>,
  books: readonly T[],
): SeriesNeighbours<T> {
  const shelf = seriesShelves(books.filter((other) => other.user_id === book.user_id))[0];
  const index = shelf?.books.findIndex((other) => other.id === book.id) ?? -1;
  if (!shelf || index < 0) return {};
  return { previous: shelf.books[index - 1], next: shelf.books[index + 1] };
}

/** The series page's meta description. */
export function seriesMetaDescription(shelves: readonly SeriesShelf[]): string {
  const name = seriesName(shelves);
  const count = shelves.reduce((sum, shelf) => sum + shelf.books.length, 0);
  const authors = shelves.map((shelf) => shelf.authorName).filter((author) => author !== '');
  const by = authors.length > 0 ? ` by ${authors.join(' and ')}` : '';
  return `${name}${by}: ${count} ${count === 1 ? 'book' : 'books'} in series order, on Shelfmark.`;
}

/** A series number as schema.org's position takes it: a whole number, or text for a half ('2.5'). */
function position(n: number): number | string {
  return Number.isInteger(n) ? n : seriesNumberText(n);
}

/** The series page's JSON-LD: a BookSeries whose parts are its books, each with its position and author. */
export function seriesJsonLd({
  shelves,
  pageUrl,
  site,
}: {
  shelves: readonly SeriesShelf[];
  pageUrl: string;
  site: URL;
}): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BookSeries',
    '@id': `${pageUrl}#series`,
    name: seriesName(shelves),
    url: pageUrl,
    hasPart: shelves.flatMap((shelf) =>
      shelf.books.map((book) => ({
        '@type': 'Book',
        name: book.title,
        url: new URL(`/book/${book.id}`, site).href,
        ...(typeof book.series_number === 'number' ? { position: position(book.series_number) } : {}),
        ...(shelf.authorName
          ? {
              author: {
                '@type': 'Person',
                name: shelf.authorName,
                url: new URL(shelf.authorPath, site).href,
              },
            }
          : {}),
      })),
    ),
  };
}

/**
 * What a book's JSON-LD gains from its series: isPartOf the BookSeries (its name
 * and page) and its position in it; nothing for a book in no series.
 */
export function bookSeriesJsonLd(
  book: Partial<Pick<Book, 'series' | 'series_number' | 'series_slug' | 'user_id'>>,
  site: URL | string,
  ownerUid?: string,
): Record<string, unknown> {
  const line = seriesLine(book, ownerUid);
  if (!line) return {};
  return {
    isPartOf: { '@type': 'BookSeries', name: line.name, url: new URL(line.path, site).href },
    ...(typeof book.series_number === 'number' ? { position: position(book.series_number) } : {}),
  };
}
