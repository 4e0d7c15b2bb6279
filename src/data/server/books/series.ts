// The books of a series (/series/{slug}: its owner's, src/domain/books/series-claim.ts),
// one author's books of a series (/series/{slug}/by/{uid}, and a book's neighbours on
// the book page), and whose series an address is (series_claims/{slug}, one read):
// one query each, on equalities only (is_public, series_slug, user_id), which
// Firestore serves from its single-field indexes with no composite index. Bounded
// by MAX_SERIES_BOOKS and ordered in memory (src/domain/books/series.ts): Firestore
// cannot put the books without a number last. A malformed book is left out (logged
// once), never breaking the page; an unreadable claim counts as none.
import type { Firestore, Query } from 'firebase-admin/firestore';
import { bookSchema } from '../../../domain/books/book.ts';
import { MAX_SERIES_BOOKS, type SeriesBook } from '../../../domain/books/series.ts';
import { SERIES_CLAIMS, seriesClaimSchema, seriesOwnerOf } from '../../../domain/books/series-claim.ts';
import { parseDocs, tryParseDoc } from '../../firestore-convert.ts';
import { getDb } from '../shared/firestore.ts';
import { meterQuery, meterReads } from '../shared/read-meter.ts';

/** What a series entry needs of a book, parsed with the book's own field rules. */
const seriesBookSchema = bookSchema.pick({
  id: true,
  title: true,
  user_id: true,
  series: true,
  series_number: true,
  series_slug: true,
  author: true,
  cover_image: true,
});

async function readSeries(query: Query): Promise<SeriesBook[]> {
  const snap = await query
    .select('title', 'user_id', 'series', 'series_number', 'series_slug', 'author', 'cover_image')
    .limit(MAX_SERIES_BOOKS)
    .get();
  meterQuery(snap);
  return parseDocs(seriesBookSchema, snap.docs);
}

/**
 * The public books of the series at `slug`, every author's, unordered, with their
 * creation (for the owner of a series no claim names yet).
 */
export async function getSeriesBooks(
  slug: string,
  db: Firestore = getDb(),
): Promise<(SeriesBook & { created_at: Date })[]> {
  const snap = await db
    .collection('books')
    .where('is_public', '==', true)
    .where('series_slug', '==', slug)
    .select(
      'title',
      'user_id',
      'series',
      'series_number',
      'series_slug',
      'author',
      'cover_image',
      'created_at',
    )
    .limit(MAX_SERIES_BOOKS)
    .get();
  meterQuery(snap);
  return parseDocs(seriesBookSchema.extend({ created_at: bookSchema.shape.created_at }), snap.docs);
}

/** The holder of the series claim of `slug` (series_claims/{slug}), or undefined: none, or unreadable. */
export async function getSeriesClaimHolder(
  slug: string,
  db: Firestore = getDb(),
): Promise<string | undefined> {
  const snap = await db.collection(SERIES_CLAIMS).doc(slug).get();
  meterReads(1);
  if (!snap.exists) return undefined;
  return tryParseDoc(seriesClaimSchema, snap)?.user_id;
}

/** What the series page shows: whose series it is, and that author's public books, unordered. */
export interface SeriesPageData {
  /** The series' owner (undefined: no public book names the address). */
  ownerUid: string | undefined;
  books: SeriesBook[];
}

/**
 * The series page at `slug`: its owner's public books only (another author's books
 * naming the series are on their own page). The owner is the claim's holder; a
 * series no claim names yet (older than the claims, before the backfill) belongs
 * to the author of its oldest public book.
 */
export async function getSeriesPage(slug: string, db: Firestore = getDb()): Promise<SeriesPageData> {
  const holder = await getSeriesClaimHolder(slug, db);
  if (holder !== undefined) return { ownerUid: holder, books: await getAuthorSeriesBooks(slug, holder, db) };
  const all = await getSeriesBooks(slug, db);
  const ownerUid = seriesOwnerOf(undefined, all);
  return {
    ownerUid,
    books: all.filter((book) => book.user_id === ownerUid).map(({ created_at: _created, ...book }) => book),
  };
}

/** The public books of one author in the series at `slug` (a book page's previous and next), unordered. */
export function getAuthorSeriesBooks(
  slug: string,
  authorUid: string,
  db: Firestore = getDb(),
): Promise<SeriesBook[]> {
  return readSeries(
    db
      .collection('books')
      .where('is_public', '==', true)
      .where('series_slug', '==', slug)
      .where('user_id', '==', authorUid),
  );
}
