// The books of a series (/series/{slug}) and a book's neighbours in its series (the
// book page): one query each, on equalities only (is_public, series_slug and, for
// the neighbours, user_id), which Firestore serves from its single-field indexes
// with no composite index. Bounded by MAX_SERIES_BOOKS and ordered in memory
// (src/domain/books/series.ts): Firestore cannot put the books without a number last.
// A malformed book is left out (logged once), never breaking the page.
import type { Firestore, Query } from 'firebase-admin/firestore';
import { bookSchema } from '../../../domain/books/book.ts';
import { MAX_SERIES_BOOKS, type SeriesBook } from '../../../domain/books/series.ts';
import { parseDocs } from '../../firestore-convert.ts';
import { getDb } from '../shared/firestore.ts';
import { meterQuery } from '../shared/read-meter.ts';

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

/** The public books of the series at `slug`, every author's, unordered (the page orders them). */
export function getSeriesBooks(slug: string, db: Firestore = getDb()): Promise<SeriesBook[]> {
  return readSeries(db.collection('books').where('is_public', '==', true).where('series_slug', '==', slug));
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
