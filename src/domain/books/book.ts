import { z } from 'zod';
import {
  TEXT_LIMITS,
  httpUrl,
  moneySchema,
  nonNegativeInt,
  optionalText,
  optionalUrl,
  optionalSitePathOrUrl,
} from '../shared/common.ts';
import { catalogueFields } from './catalogue.ts';
import { feelTotalsField } from './book-feel.ts';
import { BOOK_CATEGORY_VALUES } from '../items/genres.ts';
import { SEARCH_KEYWORD_MAX_LENGTH } from '../shared/list-search.ts';
import { profileSlug } from '../shared/slug.ts';
import { ownedItemSchema } from '../items/owned-item.ts';

/** The free-preview section title used when neither the book nor the site sets one. */
export const DEFAULT_FREE_PREVIEW_TITLE = 'VIEW & READ THE BOOK FOR FREE';
/** The old site's misspelt default, still matched when replacing default titles in bulk. */
export const LEGACY_DEFAULT_FREE_PREVIEW_TITLE = 'VIEW & read THE BOOK FOR FREE';

/** Most words a book description may hold. */
export const DESCRIPTION_WORD_LIMIT = 100;
/** Longest purchase-link label. */
export const PURCHASE_LINK_LABEL_MAX = 40;
/** Most purchase links per book; bounded so the rules can bound the list. */
export const MAX_PURCHASE_LINKS = 20;
/** Most manuscript sections per book; with TEXT_LIMITS.long per section this keeps a book far below 1 MiB in practice. */
export const MAX_MANUSCRIPT_SECTIONS = 50;
/** Most genres and most sub-genres per book. */
export const MAX_GENRES = 10;
/** Longest free-text sub-genre. */
export const SUB_GENRE_MAX_LENGTH = 50;

/** Most search keywords per book, so a very long title cannot bloat the index. */
export const MAX_SEARCH_KEYWORDS = 200;

/** Kinds of manuscript section. */
export const MANUSCRIPT_SECTION_TYPES = ['text', 'image', 'url'] as const;

/** One ordered section of a book's readable manuscript. */
export const manuscriptSectionSchema = z.object({
  /** Stable id within the book (client-generated). */
  id: z.string().min(1).max(TEXT_LIMITS.id),
  /** text: prose; image: an image URL in content; url: a link to read elsewhere. */
  type: z.enum(MANUSCRIPT_SECTION_TYPES),
  /** Section heading. */
  title: z.string().max(TEXT_LIMITS.title).default(''),
  /** Prose for text sections, a URL for image and url sections. */
  content: z.string().max(TEXT_LIMITS.long).default(''),
  /** Sort key; sections are shown by ascending order. */
  order: z.number().int().min(0),
});
/** A manuscript section. */
export type ManuscriptSection = z.infer<typeof manuscriptSectionSchema>;

/** A labelled link to buy the book somewhere . */
export const purchaseLinkSchema = z.object({
  /** Link text, e.g. 'Amazon'. */
  label: z
    .string({ error: 'Label is required' })
    .trim()
    .min(1, 'Label is required')
    .max(PURCHASE_LINK_LABEL_MAX, 'Label must be 40 characters or less'),
  /** Where the link goes. */
  url: httpUrl('Please enter a valid URL'),
  /** Optional price shown next to the link, as typed ('$12.99'). */
  price: optionalText(30),
});
/** A purchase link. */
export type PurchaseLink = z.infer<typeof purchaseLinkSchema>;

/** Snapshot of the author's profile stored on each book so listings need no join; kept by a trigger on profile change. */
export const bookAuthorSchema = z.object({
  /** Author's display name. */
  display_name: z.string().max(TEXT_LIMITS.name),
  /** Author's page slug, for /profile/{page_slug}. */
  page_slug: z.string().max(TEXT_LIMITS.slug).nullish(),
});
/** Denormalised author snapshot. */
export type BookAuthor = z.infer<typeof bookAuthorSchema>;

/**
 * Counts words by splitting on spaces: a word is a piece between space characters
 * that holds something besides whitespace, so runs of spaces add nothing, and a
 * line break or tab inside a piece does not split it.
 */
export function countWords(text: string | null | undefined): number {
  return (text ?? '').split(' ').filter(isWord).length;
}

function isWord(piece: string): boolean {
  return piece.trim() !== '';
}

/** Cuts text to its first `limit` words (as countWords counts them), for refusing extra input while typing; shorter text is returned unchanged. */
export function clampWords(text: string, limit = DESCRIPTION_WORD_LIMIT): string {
  if (countWords(text) <= limit) return text;
  const pieces = text.split(' ');
  let words = 0;
  for (let end = 0; end < pieces.length; end += 1) {
    if (isWord(pieces[end]!)) words += 1;
    if (words === limit) return pieces.slice(0, end + 1).join(' ');
  }
  return text;
}

/** What the book form edits (owned-item.ts adds the owner, the admin switches, the moderation flag and times). */
const bookFields = {
  /** Book title. */
  title: z.string().trim().min(1, 'Title is required').max(TEXT_LIMITS.title),
  /** Short description, at most 100 words. */
  description: z
    .string()
    .max(TEXT_LIMITS.medium, `Description must be ${TEXT_LIMITS.medium} characters or less`)
    .refine((text) => countWords(text) <= DESCRIPTION_WORD_LIMIT, 'Description must be 100 words or less')
    .nullish(),
  /** Cover image URL (the old site also read coverImageUrl; the import maps it here). */
  cover_image: optionalSitePathOrUrl,
  /** General price (old single-price field); the marketplace uses the format prices below. */
  price: moneySchema.nullish(),
  /** Main purchase link. */
  purchase_url: optionalUrl,
  /** Where to buy the eBook. */
  ebook_url: optionalUrl,
  /** Where to buy the paperback. */
  paperback_url: optionalUrl,
  /** Where to buy the hardcover. */
  hardcover_url: optionalUrl,
  /** Audiobook link; a non-empty value lists the book on /audiobooks. */
  audiobook_url: optionalUrl,
  /** eBook price. */
  ebook_price: moneySchema.nullish(),
  /** Paperback price. */
  paperback_price: moneySchema.nullish(),
  /** Hardcover price. */
  hardcover_price: moneySchema.nullish(),
  /** Audiobook price. */
  audiobook_price: moneySchema.nullish(),
  /** Trailer or reading video URL. */
  video_url: optionalUrl,
  /** fiction or non-fiction. */
  category: z.enum(BOOK_CATEGORY_VALUES).nullish(),
  /** Genre slugs from the catalogue (genres.ts); older books may hold free text. */
  genre: z.array(z.string().trim().min(1).max(SUB_GENRE_MAX_LENGTH)).max(MAX_GENRES).default([]),
  /** Free-text sub-genres added by the author. */
  sub_genre: z.array(z.string().trim().min(1).max(SUB_GENRE_MAX_LENGTH)).max(MAX_GENRES).default([]),
  /** Extra labelled purchase links. */
  purchase_links: z.array(purchaseLinkSchema).max(MAX_PURCHASE_LINKS).default([]),
  /** Readable manuscript sections; a text or url section makes the book a free read. */
  manuscript_content: z.array(manuscriptSectionSchema).max(MAX_MANUSCRIPT_SECTIONS).default([]),
  /** Heading of the free-preview section; falls back to the site's global title. */
  free_preview_title: optionalText(TEXT_LIMITS.title),
  /** True when the whole book is readable for free (else 'Partial Free Reading Only'). */
  is_full_book_free: z.boolean().default(false),
  /** ISBN, publication date, pages, language, publisher, series and number in it (catalogue.ts). */
  ...catalogueFields,
};

/** A book, document `books/{autoId}`. */
export const bookSchema = ownedItemSchema('books', bookFields, {
  /** Denormalised author snapshot, written by a Cloud Function trigger, never by clients. */
  author: bookAuthorSchema.optional(),
  /** Denormalised isFreeReadable(manuscript_content), so /free-books is one indexed query; kept by the books trigger (functions/src/books/book-derived.ts). */
  has_free_reading: z.boolean().default(false),
  /** Denormalised hasAudiobook(audiobook_url), so /audiobooks is one indexed query; kept by the books trigger (functions/src/books/book-derived.ts). */
  has_audiobook: z.boolean().default(false),
  /** Denormalised seriesSlug(series), so /series/{slug} is one indexed query; kept by the books trigger (functions/src/books/book-derived.ts). */
  series_slug: z.string().max(TEXT_LIMITS.slug).nullish(),
  /** Denormalised publicationKey(publication_date) (src/domain/books/catalogue.ts), NO_PUBLICATION_KEY without a date, so the listings' 'published' sort is one indexed query that lists every book; kept by the books trigger (functions/src/books/book-derived.ts). Absent only on a book stored before it (scripts/backfill-publication-keys.ts). */
  publication_key: nonNegativeInt.optional(),
  /** Denormalised titleAuthorKey(title, author.display_name) (src/domain/books/match-key.ts), null when the title has no word, so the reading import finds a book by title and author with one indexed equality query; kept by the books trigger (functions/src/books/book-derived.ts). Unbounded like the fold it comes from (NFKD can lengthen a title), and written only by the functions. Absent only on a book stored before it (scripts/backfill-match-keys.ts). */
  match_key: z.string().nullish(),
  /** Folded words of the title and author name with their prefixes (search.ts searchKeywords), for 'starts with' search; kept by the trigger. */
  search_keywords: z.array(z.string().max(SEARCH_KEYWORD_MAX_LENGTH)).max(MAX_SEARCH_KEYWORDS).default([]),
  /** Denormalised: the owner is an approved, active member (src/domain/accounts/visibility.ts); kept by the books and profiles triggers (functions/src/books/book-derived.ts). */
  owner_public: z.boolean().default(false),
  /** Denormalised is_active AND NOT moderation_hidden AND owner_public, so every public listing is one indexed query; kept by the books and profiles triggers (functions/src/books/book-derived.ts). */
  is_public: z.boolean().default(false),
  /** How many members rated the book; kept with each review in the saveReview/deleteReview transaction (src/domain/reviews/review.ts), never by clients. */
  rating_count: nonNegativeInt.default(0),
  /** The sum of those ratings' stars (the average is rating_sum / rating_count); kept with rating_count. */
  rating_sum: nonNegativeInt.default(0),
  /** The community's moods, pace and warnings from the shown reviews (book-feel.ts); kept with rating_count. */
  feel_totals: feelTotalsField,
});

/** A book. */
export type Book = z.infer<typeof bookSchema>;

/** Book fields as written to Firestore. */
export const bookWriteSchema = bookSchema.omit({ id: true });
/** Book as written. */
export type BookWrite = z.infer<typeof bookWriteSchema>;

/**
 * What the book form edits: everything but ownership, timestamps, the
 * denormalised author and the admin-only flags. Messages are the spec's.
 */
export const bookFormSchema = z.object(bookFields).extend({
  /** Required title. */
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(TEXT_LIMITS.title),
});
/** Book form input after parsing. */
export type BookForm = z.infer<typeof bookFormSchema>;

/** Price fields the marketplace compares. */
type PricedBook = Pick<Book, 'ebook_price' | 'paperback_price' | 'hardcover_price' | 'audiobook_price'>;

/** A book's marketplace price: the lowest of its eBook, paperback, hardcover and audiobook prices, or undefined when none is set. */
export function marketplacePrice(book: Partial<PricedBook>): number | undefined {
  const prices = [book.ebook_price, book.paperback_price, book.hardcover_price, book.audiobook_price].filter(
    (price): price is number => typeof price === 'number' && Number.isFinite(price),
  );
  return prices.length === 0 ? undefined : Math.min(...prices);
}

/** True when the manuscript has a text or url section, which lists the book on /free-books. */
export function isFreeReadable(book: {
  manuscript_content?: readonly Pick<ManuscriptSection, 'type'>[] | null;
}): boolean {
  return (book.manuscript_content ?? []).some((section) => section.type === 'text' || section.type === 'url');
}

/** True when the book has a non-blank audiobook URL (the /audiobooks listing also requires is_active). */
export function hasAudiobook(book: { audiobook_url?: string | null }): boolean {
  return (book.audiobook_url ?? '').trim() !== '';
}

/** The free-reading badge text. */
export function freeReadingLabel(book: { is_full_book_free?: boolean | null }): string {
  return book.is_full_book_free ? 'Full Book Free Reading' : 'Partial Free Reading Only';
}

/** The free-preview heading: the book's own, else the site's global one, else the default. */
export function freePreviewTitle(
  book: { free_preview_title?: string | null },
  globalTitle?: string | null,
): string {
  for (const title of [book.free_preview_title, globalTitle]) {
    if (title && title.trim() !== '') return title;
  }
  return DEFAULT_FREE_PREVIEW_TITLE;
}

/** True when a book still shows a default free-preview title (none, or either spelling of the default), so a global change should replace it. */
export function usesDefaultFreePreviewTitle(title: string | null | undefined): boolean {
  return (
    !title ||
    title.trim() === '' ||
    title === DEFAULT_FREE_PREVIEW_TITLE ||
    title === LEGACY_DEFAULT_FREE_PREVIEW_TITLE
  );
}

/** Manuscript sections in display order. */
export function sortedSections<T extends Pick<ManuscriptSection, 'order'>>(sections: readonly T[]): T[] {
  return [...sections].sort((a, b) => a.order - b.order);
}

/** Path of the author's profile for the book page's back button: page slug, else the slugified display name, else the user id. */
export function authorProfilePath(book: Pick<Book, 'user_id' | 'author'>): string {
  const fromName = book.author?.display_name ? profileSlug(book.author.display_name) : '';
  const slug = book.author?.page_slug || fromName || book.user_id;
  return `/profile/${encodeURIComponent(slug)}`;
}
