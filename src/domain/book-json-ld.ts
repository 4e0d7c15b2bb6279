// The schema.org Book of a book page, a listed book's or a catalogue book's. It composes what several areas own (the book and
// its catalogue facts, its owner's kind of member, its ratings and reviews, its series),
// so it sits above them all, beside the callables' contract.
import type { Profile } from './accounts/profile.ts';
import { bookChips } from './books/book-page.ts';
import type { Book } from './books/book.ts';
import { authorProfilePath } from './books/book.ts';
import { bookLinks, type LinkedBook } from './books/book-links.ts';
import { catalogueJsonLd, type CataloguedBook } from './books/book-details.ts';
import { authorSlug, type CatalogueBook } from './books/catalogue-book.ts';
import { schemaBookFormat } from './books/catalogue-book-page.ts';
import { isPreorder, preorderLabel } from './books/releases.ts';
import { bookSeriesJsonLd } from './books/series.ts';
import { DEFAULT_CURRENCY } from './items/marketplace.ts';
import { parsePriceNumeric } from './items/product-service.ts';
import { bookRoleOf, memberSchemaType } from './members/profile-json-ld.ts';
import { aggregateRatingJsonLd, reviewJsonLd, type RatingTotals, type Review } from './reviews/review.ts';

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

/** What the JSON-LD builder needs for a catalogue book. */
export interface CatalogueBookJsonLdInput {
  book: Pick<CatalogueBook, 'title' | 'description' | 'authors' | 'isbn' | 'editions'>;
  /** Absolute canonical URL of the book page. */
  pageUrl: string;
  /** Absolute cover URL, if the book has one. */
  imageUrl?: string;
  /** As for a listed book: `aggregateRating` and `review` appear only when ratings exist. */
  ratings?: BookJsonLdInput['ratings'];
  /**
   * The authors (by slug) whose pages a member claimed, with what the member is (a
   * Publisher an Organization) and their profile's URL: those authors take the member's type
   * and link, the rest stay Persons by name.
   */
  claimed?: { slugs: ReadonlySet<string>; type: 'Organization' | 'Person'; url: string };
}

/**
 * The schema.org Book of a catalogue book's page: its authors as Persons by name (an
 * author whose page a member claimed as that member: a Publisher an Organization, with
 * the member's profile as its url), the first edition's ISBN, one workExample per
 * edition with the facts it has, image, description and the ratings as for a
 * listed book. No offers: nobody sells a catalogue book here.
 */
export function catalogueBookJsonLd({
  book,
  pageUrl,
  imageUrl,
  ratings,
  claimed,
}: CatalogueBookJsonLdInput): Record<string, unknown> {
  const aggregateRating = ratings ? aggregateRatingJsonLd(ratings.totals) : null;
  const description = book.description?.trim();
  const isbn = book.isbn ?? book.editions[0]?.isbn;
  const workExample = book.editions.map((edition) => {
    const bookFormat = schemaBookFormat(edition.format);
    const datePublished =
      edition.publication_date ?? (edition.publication_year ? String(edition.publication_year) : null);
    const publisher = edition.publisher?.trim();
    return {
      '@type': 'Book',
      ...(edition.isbn ? { isbn: edition.isbn } : {}),
      ...(bookFormat ? { bookFormat } : {}),
      ...(typeof edition.pages === 'number' ? { numberOfPages: edition.pages } : {}),
      ...(edition.language ? { inLanguage: edition.language } : {}),
      ...(datePublished ? { datePublished } : {}),
      ...(publisher ? { publisher: { '@type': 'Organization', name: publisher } } : {}),
    };
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Book',
    '@id': `${pageUrl}#book`,
    name: book.title,
    url: pageUrl,
    author: book.authors.map((author) =>
      claimed?.slugs.has(authorSlug(author.name))
        ? { '@type': claimed.type, name: author.name, url: claimed.url }
        : { '@type': 'Person', name: author.name },
    ),
    ...(isbn ? { isbn } : {}),
    ...(description ? { description } : {}),
    ...(imageUrl ? { image: imageUrl } : {}),
    ...(workExample.length > 0 ? { workExample } : {}),
    ...(aggregateRating && ratings
      ? {
          aggregateRating,
          ...(ratings.reviews.length > 0 ? { review: ratings.reviews.map(reviewJsonLd) } : {}),
        }
      : {}),
  };
}
