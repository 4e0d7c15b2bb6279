/**
 * The two kinds of book, and the one place their difference is written down.
 *
 * A listed book (book.ts) belongs to a member: it has an owner, purchase links, a
 * manuscript, counts against a plan and is public while its owner is. A catalogue
 * book belongs to nobody: it was found in an open catalogue (Open Library) or added
 * by hand by a reader, and has authors by name, editions, subjects and a cover.
 * Both live in `books/{id}`, so every reader feature (shelves, read-throughs,
 * reviews, custom shelves, the import and export) names a book by its id and reads
 * one collection. Reader features ask `isReadableBook`, never `is_public`:
 * `is_public` means "a member's listing the public may see", which is what the
 * listings, the marketplace, the home and the series pages query, and a catalogue
 * book stores false so it never appears there.
 */
import { z } from 'zod';
import {
  TEXT_LIMITS,
  idSchema,
  nonNegativeInt,
  optionalSitePathOrUrl,
  timestampSchema,
} from '../shared/common.ts';
import { SEARCH_KEYWORD_MAX_LENGTH } from '../shared/list-search.ts';
import { feelTotalsField } from './book-feel.ts';
import { storedIsbnSchema, publicationDateSchema, MAX_PAGES, BOOK_LANGUAGE_TAGS } from './catalogue.ts';
import { MAX_PURCHASE_LINKS, MAX_SEARCH_KEYWORDS, purchaseLinkSchema } from './book.ts';

// The kinds and which books readers may see are the site's visibility rule: src/domain/accounts/visibility.ts (bookKindOf, isReadableBook).

/** Where a catalogue book came from: an outside catalogue, or a reader's hand. */
export const CATALOGUE_BOOK_SOURCES = ['openlibrary', 'hand'] as const;
export type CatalogueBookSource = (typeof CATALOGUE_BOOK_SOURCES)[number];

/** Most authors, editions and subjects a catalogue book keeps (the page lists them all). */
export const CATALOGUE_LIMITS = { authors: 20, editions: 50, subjects: 30, subjectLength: 80 } as const;

/** An author of a catalogue book, by name (not a member). */
export const catalogueBookAuthorSchema = z.object({
  name: z.string().trim().min(1).max(TEXT_LIMITS.name),
  /** The source's id of the author (Open Library: OL…A), null for a name only. */
  source_id: z.string().max(TEXT_LIMITS.id).nullish(),
});
export type CatalogueBookAuthor = z.infer<typeof catalogueBookAuthorSchema>;

/** One edition of a catalogue book; unknown facts are null. */
export const catalogueBookEditionSchema = z.object({
  /** The source's id of the edition (Open Library: OL…M), null for one added by hand. */
  source_id: z.string().max(TEXT_LIMITS.id).nullish(),
  /** ISBN-13 of the edition; one edition on the whole site carries an ISBN (isbn_claims). */
  isbn: storedIsbnSchema.nullish(),
  format: z.string().trim().max(TEXT_LIMITS.name).nullish(),
  publisher: z.string().trim().max(TEXT_LIMITS.name).nullish(),
  /** YYYY-MM-DD when the source gives a whole date. */
  publication_date: publicationDateSchema.nullish(),
  /** The year alone, when that is all the source says. */
  publication_year: z.number().int().min(1000).max(9999).nullish(),
  pages: z.number().int().min(1).max(MAX_PAGES).nullish(),
  language: z.enum(BOOK_LANGUAGE_TAGS).nullish(),
});
export type CatalogueBookEdition = z.infer<typeof catalogueBookEditionSchema>;

/** A catalogue book, document `books/{autoId}` with kind 'catalogue'. Written only by the functions. */
export const catalogueBookSchema = z
  .object({
    id: idSchema,
    kind: z.literal('catalogue'),
    title: z.string().trim().min(1).max(TEXT_LIMITS.title),
    authors: z.array(catalogueBookAuthorSchema).min(1).max(CATALOGUE_LIMITS.authors),
    description: z.string().max(TEXT_LIMITS.long).nullish(),
    /** A media-store path (covers are copied, never hot-linked). */
    cover_image: optionalSitePathOrUrl,
    /** The source's cover still to copy into the media store (the books trigger does, then clears it); null when none is waiting. */
    source_cover_id: z.number().int().positive().nullish(),
    subjects: z
      .array(z.string().trim().min(1).max(CATALOGUE_LIMITS.subjectLength))
      .max(CATALOGUE_LIMITS.subjects)
      .default([]),
    editions: z.array(catalogueBookEditionSchema).max(CATALOGUE_LIMITS.editions).default([]),
    /** The first edition's ISBN (null without one), so the import's ISBN look-up finds catalogue books too. */
    isbn: storedIsbnSchema.nullish(),
    /** The earliest publication year an edition gives. */
    first_published: z.number().int().min(1000).max(9999).nullish(),
    source: z.enum(CATALOGUE_BOOK_SOURCES),
    /** The source's id of the work (Open Library: OL…W); null for a book added by hand. */
    source_id: z.string().max(TEXT_LIMITS.id).nullish(),
    /** A hand-added book stays marked until an admin or librarian reviews it. */
    needs_review: z.boolean().default(false),
    /** The member who added it. */
    added_by: idSchema,
    /** The member whose claim of one of its authors' pages an admin approved (author-claim.ts); null when unclaimed. */
    claimed_by: idSchema.nullish(),
    /** Where to buy it, kept by the claimant (editClaimedBook); the same links as a listed book's. */
    purchase_links: z.array(purchaseLinkSchema).max(MAX_PURCHASE_LINKS).default([]),
    /** As on listed books: the import's title+author key and the 'starts with' search words. */
    match_key: z.string().nullish(),
    /** authorSlug of each author, so /authors/{slug} lists an author's books with one array-contains query. */
    author_slugs: z.array(z.string().max(TEXT_LIMITS.slug)).max(CATALOGUE_LIMITS.authors).default([]),
    search_keywords: z.array(z.string().max(SEARCH_KEYWORD_MAX_LENGTH)).max(MAX_SEARCH_KEYWORDS).default([]),
    /** Always false: a catalogue book is in no member listing (see the file comment). */
    is_public: z.literal(false).default(false),
    is_active: z.boolean().default(true),
    /** Set when a librarian merged this book into another (src/domain/admin/catalogue-curation.ts): a tombstone whose page redirects there. */
    merged_into: idSchema.nullish(),
    moderation_hidden: z.boolean().default(false),
    rating_count: nonNegativeInt.default(0),
    rating_sum: nonNegativeInt.default(0),
    feel_totals: feelTotalsField,
    /** Set once a member shelves or rates it (readersMarkOf); the sitemap lists only such catalogue books. */
    has_readers: z.boolean().default(false),
    created_at: timestampSchema,
    updated_at: timestampSchema.nullish(),
  })
  .describe('books');
export type CatalogueBook = z.infer<typeof catalogueBookSchema>;

/** The most merges a merged book's page follows to its redirect (A merged into B merged into C…). */
export const MAX_REDIRECT_HOPS = 5;

/**
 * A catalogue author's address part, `/authors/{slug}`: the name folded (accents
 * off), lower-case, each run of anything but letters and digits a '-' (letters of
 * every script kept: 'Михаил Булгаков' → 'михаил-булгаков'), cut to the slug limit.
 * Two authors of one name share a page; an empty result (a name of signs only) has none.
 */
export function authorSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TEXT_LIMITS.slug)
    .replace(/-+$/, '');
}

/** The author page of a name, or null when the name gives no slug. */
export function authorPath(name: string): string | null {
  const slug = authorSlug(name);
  return slug ? `/authors/${encodeURIComponent(slug)}` : null;
}

/** The distinct slugs of a book's authors. */
export function authorSlugsOf(authors: readonly { name: string }[]): string[] {
  return [...new Set(authors.map((author) => authorSlug(author.name)).filter(Boolean))];
}

/** The authors' names as a line: 'A', 'A and B', 'A, B and C'. */
export function authorNames(authors: readonly { name: string }[]): string {
  const names = authors.map((author) => author.name);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The write that marks a book as read by members, or null when none is due: only a
 * catalogue book not marked yet. The sitemap lists a catalogue book once it is marked,
 * so a page the site's readers have never touched is not offered to search engines.
 * The mark stays when the readers leave (a page once listed keeps its address).
 */
export function readersMarkOf(data: unknown): { has_readers: true } | null {
  if (typeof data !== 'object' || data === null) return null;
  const book = data as { kind?: unknown; has_readers?: unknown };
  return book.kind === 'catalogue' && book.has_readers !== true ? { has_readers: true } : null;
}
