/**
 * A series belongs to the author who named it first: `series_claims/{slug}` says
 * whose series the address /series/{slug} is. The book save (saveBook) takes the
 * claim in the transaction that moves a book into a series no one holds; a book
 * of another author naming the same series (any spelling with the same slug) is
 * stored as written but stays off the owner's page: it is listed
 * on its own author's page, /series/{slug}/by/{uid}, under its author's spelling.
 * A claim whose holder no longer has a book naming the series counts as free: the
 * next author to move a book into it takes it. The seed and
 * scripts/backfill-series-claims.ts give each series older than the claims to the
 * author of its oldest book. Server-only: no client reads or writes the
 * collection. See docs/decisions.md ("A series belongs to its first author").
 */
import { z } from 'zod';
import { idSchema, timestampSchema, TEXT_LIMITS } from '../shared/common.ts';
import { seriesSlug } from './catalogue.ts';

/** The collection of the claims, keyed by the series' slug. */
export const SERIES_CLAIMS = 'series_claims';

/** series_claims/{slug}: whose series an address is. */
export const seriesClaimSchema = z.object({
  /** The series' address (seriesSlug of its name): the document's id. */
  id: z
    .string()
    .max(TEXT_LIMITS.slug)
    .regex(/^[a-z0-9][a-z0-9-]*$/),
  /** The author whose series it is: only their books are on /series/{slug}. */
  user_id: idSchema,
  /** When their first book named it (for series older than the claims: that book's creation). */
  claimed_at: timestampSchema,
});
/** A stored series claim. */
export type SeriesClaim = z.infer<typeof seriesClaimSchema>;

/** A book's series address as a claim reads it: null for a book in no (addressable) series. */
export function seriesSlugOf(book: { series?: unknown } | null | undefined): string | null {
  const name = book?.series;
  if (typeof name !== 'string') return null;
  return seriesSlug(name) || null;
}

/** One book's series in a save: its address before (null: new, or in none) and after. */
export interface SeriesChange {
  /** The book's owner. */
  userId: string;
  before: string | null;
  after: string | null;
}

/**
 * The addresses a save may have to claim: each one a book moves into (a new book
 * in a series, or a book whose series changed), once each. A book that stays in
 * its series claims nothing, so an ordinary save reads no claim.
 */
export function seriesToClaim(changes: readonly SeriesChange[]): { slug: string; userId: string }[] {
  const wanted = new Map<string, string>();
  for (const { userId, before, after } of changes) {
    if (after !== null && after !== before && !wanted.has(after)) wanted.set(after, userId);
  }
  return [...wanted].map(([slug, userId]) => ({ slug, userId }));
}

/**
 * True when `saverUid` takes the claim: nobody holds it, or its holder is another
 * author who no longer has a book naming the series. Otherwise the claim stays
 * (the saver's book goes to the saver's own page); the save is never refused.
 */
export function takesSeriesClaim(
  saverUid: string,
  holderUid: string | undefined,
  holderStillNamesIt: boolean,
): boolean {
  if (holderUid === undefined) return true;
  return holderUid !== saverUid && !holderStillNamesIt;
}

/** A book as the owner fallback and the backfill read it. */
export interface SeriesClaimingBook {
  id: string;
  user_id: string;
  series_slug?: string | null;
  created_at: Date;
}

/** The oldest of two books (by creation, then id, so the choice never depends on order). */
function older<T extends Pick<SeriesClaimingBook, 'id' | 'created_at'>>(a: T, b: T): T {
  const at = a.created_at.getTime();
  const bt = b.created_at.getTime();
  return at < bt || (at === bt && a.id < b.id) ? a : b;
}

/**
 * Whose series an address is: the claim's holder; with no claim (a series older
 * than the claims, before the backfill ran), the author of its oldest book among
 * `books`; undefined when there is neither.
 */
export function seriesOwnerOf(
  holderUid: string | undefined,
  books: readonly Pick<SeriesClaimingBook, 'id' | 'user_id' | 'created_at'>[],
): string | undefined {
  if (holderUid !== undefined) return holderUid;
  if (books.length === 0) return undefined;
  return books.reduce(older).user_id;
}

/**
 * The claims series older than the claims lack (for the seed and the backfill):
 * each address some book names and no claim holds goes to the author of its
 * oldest book, claimed when that book was created. Ordered by address.
 */
export function missingSeriesClaims(
  books: readonly SeriesClaimingBook[],
  claimed: ReadonlySet<string> = new Set(),
): SeriesClaim[] {
  const oldest = new Map<string, SeriesClaimingBook>();
  for (const book of books) {
    const slug = book.series_slug;
    if (!slug || claimed.has(slug)) continue;
    const seen = oldest.get(slug);
    oldest.set(slug, seen ? older(seen, book) : book);
  }
  return [...oldest]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([slug, book]) => ({ id: slug, user_id: book.user_id, claimed_at: book.created_at }));
}

/** One series page the sitemap lists: the owner's (no `authorUid`) or another author's. */
export interface SeriesPageEntry {
  slug: string;
  /** Set for another author's page, /series/{slug}/by/{uid}. */
  authorUid?: string;
  /** The latest change of its books. */
  lastModified: Date;
}

/**
 * The series pages public books make (the sitemap's): per address, the owner's
 * page when the owner has one of them, and a page per other author; `holders`
 * are the claims' holders by address (an address without one: seriesOwnerOf's
 * oldest book). Ordered by address, the owner's first, then by uid.
 */
export function seriesPageEntries(
  books: readonly (SeriesClaimingBook & { updated_at?: Date | null })[],
  holders: ReadonlyMap<string, string>,
): SeriesPageEntry[] {
  const bySlug = new Map<string, (SeriesClaimingBook & { updated_at?: Date | null })[]>();
  for (const book of books) {
    if (!book.series_slug) continue;
    const list = bySlug.get(book.series_slug);
    if (list) list.push(book);
    else bySlug.set(book.series_slug, [book]);
  }
  const entries: SeriesPageEntry[] = [];
  for (const [slug, list] of [...bySlug].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const owner = seriesOwnerOf(holders.get(slug), list);
    const latest = new Map<string, Date>();
    for (const book of list) {
      const changed = book.updated_at ?? book.created_at;
      const known = latest.get(book.user_id);
      if (!known || changed > known) latest.set(book.user_id, changed);
    }
    const authors = [...latest].sort(([a], [b]) =>
      a === owner ? -1 : b === owner ? 1 : a < b ? -1 : a > b ? 1 : 0,
    );
    for (const [uid, lastModified] of authors)
      entries.push(uid === owner ? { slug, lastModified } : { slug, authorUid: uid, lastModified });
  }
  return entries;
}
