/**
 * What the book page (/book/{id}) and the online reader (/book/{id}/read/{n})
 * show, as pure functions: id and section-number checks on the URL, the reading
 * order of the manuscript, a text section as safe paragraphs, links that only
 * ever point at http(s) or the site's own media, and the schema.org Book.
 */
import type { Book, ManuscriptSection } from './book.ts';
import { authorProfilePath, isFreeReadable, sortedSections } from './book.ts';
import { bookLinks, type LinkedBook } from './book-links.ts';
import { catalogueJsonLd, type CataloguedBook } from './book-details.ts';
import { DEFAULT_CURRENCY } from '../items/marketplace.ts';
import { bookCategoryLabel, genreLabel } from '../items/genres.ts';
import { HTTP_URL_PATTERN_SOURCE, MEDIA_PATH_PATTERN_SOURCE } from '../shared/common.ts';
import { parsePriceNumeric } from '../items/product-service.ts';
import type { Profile } from '../accounts/profile.ts';
import { bookRoleOf, memberSchemaType } from '../members/profile-json-ld.ts';
import { aggregateRatingJsonLd, reviewJsonLd, type RatingTotals, type Review } from '../reviews/review.ts';
import { isPreorder, preorderLabel } from './releases.ts';
import { bookSeriesJsonLd } from './series.ts';

/** The not-found screen of an unknown or disabled book (HTTP 404). */
export const BOOK_NOT_FOUND = {
  title: 'Book Not Found',
  detail: 'This book does not exist or is no longer available.',
  back: 'Go Home',
} as const;

/** Firestore document ids the site creates (auto ids and seed ids): letters, digits, '_' and '-'. */
const BOOK_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** True when `id` can name a book; anything else is answered 404 without a read. */
export function isBookIdShape(id: string | undefined | null): id is string {
  return typeof id === 'string' && BOOK_ID_PATTERN.test(id);
}

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

/** The meta description of a book page: its description, else a sentence naming title and author. */
export function bookMetaDescription(book: Pick<Book, 'title' | 'description' | 'author'>): string {
  const description = book.description?.replace(/\s+/g, ' ').trim();
  if (description) return description.length > 300 ? `${description.slice(0, 297)}…` : description;
  const by = book.author?.display_name ? ` by ${book.author.display_name}` : '';
  return `${book.title}${by}.`;
}

/** What the JSON-LD builder needs besides the book. */
export interface BookJsonLdInput {
  book: Pick<
    Book,
    'id' | 'title' | 'description' | 'user_id' | 'author' | 'category' | 'genre' | 'sub_genre'
  > &
    CataloguedBook &
    LinkedBook &
    Partial<Pick<Book, 'series' | 'series_number' | 'series_slug'>>;
  /** Absolute canonical URL of the book page. */
  pageUrl: string;
  /** Absolute cover URL, if the book has one. */
  imageUrl?: string;
  /** Origin the author's profile path resolves against. */
  site: URL | string;
  /** The book's owner: a Publisher is named as the book's publisher (an Organization), anyone else as its author (a Person). */
  owner?: Pick<Profile, 'role' | 'category'>;
  /** The owner of the book's series (series-claim.ts): its isPartOf names the page the book is on. */
  seriesOwner?: string;
  /**
   * When the page is rendered. Before the book's publication date its offers are
   * preorders, named as the page names its links ('Preorder on Kobo'), with
   * availability PreOrder from that date; without `now` no availability is stated.
   */
  now?: Date;
  /** The book's ratings and the reviews the page shows: `aggregateRating` and `review` appear only when ratings exist. */
  ratings?: {
    totals: RatingTotals;
    reviews: readonly Pick<Review, 'rating' | 'text' | 'reviewer' | 'created_at'>[];
  };
}

/**
 * The schema.org Book of a book page: its owner linked to their profile (the
 * author as a Person, or a Publisher member as the publisher, an Organization),
 * genres, image, one Offer per purchase link (with its price when it has one, and
 * as a preorder before the book's publication date),
 * and the catalogue facts the book has (book-details.ts). A publisher the book
 * names is its publisher, also when a Publisher member lists it: the member's
 * Organization stays only when it is the one named (or none is).
 */
export function bookJsonLd({
  book,
  pageUrl,
  imageUrl,
  site,
  owner,
  seriesOwner,
  ratings,
  now,
}: BookJsonLdInput): Record<string, unknown> {
  const aggregateRating = ratings ? aggregateRatingJsonLd(ratings.totals) : null;
  const ownerType = owner ? memberSchemaType(owner) : 'Person';
  const chips = bookChips(book);
  const genre = [...chips.genres, ...chips.subGenres];
  const preorder = now !== undefined && isPreorder(book.publication_date, now);
  const offers = bookLinks(book).map((link) => {
    const amount = link.price === undefined ? null : parsePriceNumeric(link.price);
    return {
      '@type': 'Offer',
      name: preorder ? preorderLabel(link.label) : link.label,
      url: link.url,
      ...(amount === null ? {} : { price: amount.toFixed(2), priceCurrency: DEFAULT_CURRENCY }),
      ...(preorder
        ? { availability: 'https://schema.org/PreOrder', availabilityStarts: book.publication_date }
        : {}),
    };
  });
  const description = book.description?.trim();
  const catalogue = catalogueJsonLd(book);
  const ownerRole = bookRoleOf(ownerType);
  // The member who is the named publisher keeps their profile's link.
  const ownerNamed =
    ownerRole === 'publisher' &&
    book.publisher?.trim().toLowerCase() === book.author?.display_name.trim().toLowerCase();
  if (ownerNamed) delete catalogue.publisher;
  return {
    '@context': 'https://schema.org',
    '@type': 'Book',
    '@id': `${pageUrl}#book`,
    name: book.title,
    url: pageUrl,
    ...(description ? { description } : {}),
    ...(imageUrl ? { image: imageUrl } : {}),
    ...(book.author?.display_name && !(ownerRole === 'publisher' && catalogue.publisher)
      ? {
          [ownerRole]: {
            '@type': ownerType,
            name: book.author.display_name,
            url: new URL(authorProfilePath(book), site).href,
          },
        }
      : {}),
    ...catalogue,
    ...(genre.length > 0 ? { genre } : {}),
    ...(offers.length > 0 ? { offers } : {}),
    ...(aggregateRating && ratings
      ? {
          aggregateRating,
          ...(ratings.reviews.length > 0 ? { review: ratings.reviews.map(reviewJsonLd) } : {}),
        }
      : {}),
    // isPartOf its BookSeries, with its position (series.ts).
    ...bookSeriesJsonLd(book, site, seriesOwner),
  };
}
