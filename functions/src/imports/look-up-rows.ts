// The reading import's second chance: rows whose book is not on Shelfmark are looked up
// in the open catalogue (src/domain/catalogue/look-up.ts), by ISBN in batches first,
// then by title and author one search each, and each work found becomes a catalogue
// book (store-book.ts: once per work, its editions' free ISBNs claimed) that the row
// is then applied to like any book. A source that fails leaves the rows kept as
// before, never lost: they wait under "Not on Shelfmark yet" with "Add it by hand".
// Import-made books carry no cover yet and no description: what an edition or a
// search hit says, which costs no request per book.
import * as logger from 'firebase-functions/logger';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { catalogueBookFromWork } from '../../../src/domain/catalogue/add-book';
import type {
  CatalogueEditionHit,
  CatalogueSearchHit,
  CatalogueWork,
} from '../../../src/domain/catalogue/catalogue-work';
import {
  LOOK_UP_HITS,
  hitForRow,
  rowQuery,
  workOfEditionHits,
  workOfSearchHit,
} from '../../../src/domain/catalogue/look-up';
import type { ImportRow } from '../../../src/domain/imports/import-row';
import { isReadableBook } from '../../../src/domain/accounts/visibility';
import type { CatalogueSource } from '../catalogue/source';
import { storeCatalogueBook } from '../catalogue/store-book';
import { isCatalogueError } from '../catalogue/errors';
import { rowKey } from './import-docs';

/** What a chunk's look-up did, for the log and the bench. */
export interface LookUpCounts {
  rows: number;
  byIsbn: number;
  byTitle: number;
  /** Catalogue books the rows went to (added now, or added before by someone). */
  books: number;
  sourceFailed: boolean;
}

/** The source's answer, or undefined when it failed (logged once per kind of call). */
async function tryLookUp<T>(
  what: string,
  call: () => Promise<T>,
  failed: { value: boolean },
): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (isCatalogueError(error, 'not-found')) return undefined;
    if (!failed.value)
      logger.warn('reading import: the catalogue source failed', { what, error: String(error) });
    failed.value = true;
    return undefined;
  }
}

/**
 * Looks up `rows` (none of which matched a book on Shelfmark) in `source`, adds the
 * works found as catalogue books by `uid`, and answers each row's book, or null.
 */
export async function lookUpUnmatched(
  fs: Firestore,
  source: CatalogueSource,
  uid: string,
  rows: readonly ImportRow[],
): Promise<{ bookOf: (row: ImportRow) => DocumentSnapshot | null; counts: LookUpCounts }> {
  const failed = { value: false };
  const workOfRow = new Map<string, CatalogueWork>();
  let byIsbn = 0;
  let byTitle = 0;
  // 1. By ISBN, in as few requests as the source allows; a work's editions found together go into one book.
  const isbns = [...new Set(rows.flatMap((row) => (row.isbn13 ? [row.isbn13] : [])))];
  const editionHits =
    isbns.length > 0
      ? ((await tryLookUp('byIsbns', () => source.byIsbns(isbns), failed)) ??
        new Map<string, CatalogueEditionHit>())
      : new Map<string, CatalogueEditionHit>();
  const hitsOfWork = new Map<string, CatalogueEditionHit[]>();
  for (const hit of editionHits.values()) {
    const key = hit.workId ?? hit.edition.sourceId;
    hitsOfWork.set(key, [...(hitsOfWork.get(key) ?? []), hit]);
  }
  const works = new Map([...hitsOfWork].map(([key, hits]) => [key, workOfEditionHits(hits)]));
  for (const row of rows) {
    const hit = row.isbn13 ? editionHits.get(row.isbn13) : undefined;
    if (!hit) continue;
    workOfRow.set(rowKey(row), works.get(hit.workId ?? hit.edition.sourceId)!);
    byIsbn += 1;
  }
  // 2. By title and author, one search per distinct book, for the rest (after a failure, no more asking).
  const searched = new Map<string, CatalogueSearchHit | null>();
  for (const row of rows) {
    if (workOfRow.has(rowKey(row)) || failed.value) continue;
    const query = rowQuery(row);
    if (!searched.has(query)) {
      const hits = await tryLookUp('search', () => source.search(query, { limit: LOOK_UP_HITS }), failed);
      searched.set(query, hits ? hitForRow(row, hits) : null);
    }
    const hit = searched.get(query);
    if (!hit) continue;
    const work = works.get(hit.sourceId) ?? workOfSearchHit(hit);
    works.set(hit.sourceId, work);
    workOfRow.set(rowKey(row), work);
    byTitle += 1;
  }
  // 3. One catalogue book per work (or the one it already is), read back for the rows.
  const bookIdOfWork = new Map<CatalogueWork, string>();
  const now = new Date();
  for (const work of new Set(workOfRow.values())) {
    const isbnsOfWork = [...new Set(work.editions.flatMap((edition) => edition.isbn13))];
    const stored = await storeCatalogueBook(
      fs,
      // Added for rows the import shelves next, so marked as read by members from the start (readersMarkOf).
      (taken) => ({
        ...catalogueBookFromWork(work, { addedBy: uid, now, coverImage: null, taken }),
        has_readers: true,
      }),
      isbnsOfWork,
      work.sourceId.endsWith('W') ? work.sourceId : null,
    );
    bookIdOfWork.set(work, stored.bookId);
  }
  const ids = [...new Set(bookIdOfWork.values())];
  const snaps = ids.length > 0 ? await fs.getAll(...ids.map((id) => fs.collection('books').doc(id))) : [];
  const snapOf = new Map(snaps.map((snap) => [snap.id, snap]));
  const counts: LookUpCounts = {
    rows: rows.length,
    byIsbn,
    byTitle,
    books: ids.length,
    sourceFailed: failed.value,
  };
  return {
    bookOf: (row) => {
      const work = workOfRow.get(rowKey(row));
      const snap = work ? snapOf.get(bookIdOfWork.get(work) ?? '') : undefined;
      return snap && isReadableBook(snap.data()) ? snap : null;
    },
    counts,
  };
}
