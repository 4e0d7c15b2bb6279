// Matching reads only the books the rows name: per chunk of 200 rows, the books
// whose ISBN-13 is one of the rows' (in-queries of 30), then those whose
// title-and-author key (books.match_key) is one of the rest's. Nothing reads the
// catalogue.
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { titleAuthorKey } from '../../../src/domain/books/match-key';
import type { ImportRow } from '../../../src/domain/imports/import-row';
import { claimedBooks } from '../books/isbn-claims';
import { chunk as inParts, MAX_IN_VALUES } from '../shared/firestore';
import { isReadableBook } from '../../../src/domain/accounts/visibility';

/**
 * The books a chunk's rows name: by ISBN-13 the one book that holds the ISBN's
 * claim (isbn_claims: a copy saved under a borrowed ISBN never wins a match), and
 * by title-and-author key the first public one by id.
 */
export async function booksFor(fs: Firestore, rows: readonly ImportRow[]) {
  const byIsbn = new Map<string, DocumentSnapshot>();
  const byKey = new Map<string, DocumentSnapshot>();
  const keep = (map: Map<string, DocumentSnapshot>, key: unknown, snap: DocumentSnapshot) => {
    if (typeof key !== 'string' || !isReadableBook(snap.data())) return;
    const held = map.get(key);
    if (!held || snap.id < held.id) map.set(key, snap);
  };
  const isbns = [...new Set(rows.flatMap((row) => (row.isbn13 ? [row.isbn13] : [])))];
  const claimed = await claimedBooks(fs, isbns);
  for (const [isbn, snap] of claimed) keep(byIsbn, isbn, snap);
  // An ISBN no book holds the claim of (books stored before the claims, not backfilled yet): any public book carrying it.
  for (const part of inParts(
    isbns.filter((isbn) => !claimed.has(isbn)),
    MAX_IN_VALUES,
  )) {
    const found = await fs.collection('books').where('isbn', 'in', part).get();
    for (const snap of found.docs) keep(byIsbn, snap.get('isbn'), snap);
  }
  const keys = [
    ...new Set(
      rows.flatMap((row) => {
        if (row.isbn13 && byIsbn.has(row.isbn13)) return [];
        const key = titleAuthorKey(row.title, row.author);
        return key ? [key] : [];
      }),
    ),
  ];
  for (const part of inParts(keys, MAX_IN_VALUES)) {
    const found = await fs.collection('books').where('match_key', 'in', part).get();
    for (const snap of found.docs) keep(byKey, snap.get('match_key'), snap);
  }
  return (row: ImportRow): DocumentSnapshot | null =>
    (row.isbn13 ? byIsbn.get(row.isbn13) : undefined) ??
    byKey.get(titleAuthorKey(row.title, row.author) ?? '') ??
    null;
}
