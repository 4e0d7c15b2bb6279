// Bringing a reader's history in (src/domain/imports/reading-import.ts holds the
// rules): startReadingImport (start-import.ts) opens an import, addReadingImportRows
// (add-import-rows.ts) takes its rows chunk by chunk, and the processReadingImport
// queue here matches and applies one chunk at a time in the background, chaining to
// the next, until the import is done: the books the rows name (match-books.ts), then
// the open catalogue's for the rows none matched (look-up-rows.ts), each
// matched row applied in its own transaction (apply-row.ts), the books put on the
// member's own shelves (own-shelves.ts), the rest kept until their book comes
// (kept-rows.ts). A chunk's counts are added in the transaction that marks it done,
// so a chunk processed twice changes nothing more.
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import * as logger from 'firebase-functions/logger';
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { titleAuthorKey } from '../../../src/domain/books/match-key';
import type { ImportRow } from '../../../src/domain/imports/import-row';
import {
  KEPT_ROWS_LOOKED_UP_PER_IMPORT,
  UNMATCHED_READS,
  chunkCount,
  unmatchedReadId,
  type ImportReason,
} from '../../../src/domain/imports/reading-import';
import { idSchema } from '../../../src/domain/shared/common';
import { profileCacheTag } from '../../../src/data/server/shared/cache-tags';
import { featureAllowed } from '../billing/early-access';
import { chunk as inParts, db, runTransactionWithRetry } from '../shared/firestore';
import { purgeCacheTags } from '../shared/cache-purge';
import { applyRow } from './apply-row';
import { chunkRef, enqueueLive, importRef, rowKey, type EnqueueChunk } from './import-docs';
import { booksFor } from './match-books';
import { lookUpUnmatched } from './look-up-rows';
import { openLibraryFromEnv } from '../catalogue/config';
import type { CatalogueSource } from '../catalogue/source';
import { placeOnOwnShelves, type ShelfPlacement } from './own-shelves';

/** Keeps a row whose book is not on Shelfmark yet, for the member only (one per book across imports). */
function keepUnmatched(
  tx: Transaction,
  fs: Firestore,
  uid: string,
  importId: string,
  row: ImportRow,
  lookedUp: boolean,
): void {
  const { row: _line, ...kept } = row;
  tx.set(fs.collection(UNMATCHED_READS).doc(unmatchedReadId(uid, rowKey(row))), {
    ...kept,
    user_id: uid,
    match_key: titleAuthorKey(row.title, row.author),
    import_id: importId,
    looked_up: lookedUp,
    created_at: Timestamp.now(),
  });
}

/**
 * Looks up, once, the member's rows kept by earlier imports before the open catalogue
 * was asked (or while it failed): the works found become catalogue books, whose
 * creation applies the waiting rows (kept-rows.ts); each row looked up is marked.
 */
export async function lookUpKeptRows(fs: Firestore, source: CatalogueSource, uid: string): Promise<number> {
  const kept = await fs
    .collection(UNMATCHED_READS)
    .where('user_id', '==', uid)
    .limit(KEPT_ROWS_LOOKED_UP_PER_IMPORT)
    .get();
  const waiting = kept.docs.filter((doc) => doc.get('looked_up') !== true);
  if (waiting.length === 0) return 0;
  const rows = waiting.map((doc): ImportRow => ({ ...(doc.data() as Omit<ImportRow, 'row'>), row: 2 }));
  const { counts } = await lookUpUnmatched(fs, source, uid, rows);
  if (counts.sourceFailed) return 0;
  for (const part of inParts(waiting, 400)) {
    const batch = fs.batch();
    // A row its new book already took (kept-rows.ts deleted it) is not written back.
    for (const doc of part) batch.update(doc.ref, { looked_up: true });
    await batch.commit().catch(async () => {
      for (const doc of part) await doc.ref.update({ looked_up: true }).catch(() => undefined);
    });
  }
  logger.info('reading import: kept rows looked up', { user: uid, ...counts });
  return waiting.length;
}

/**
 * Matches and applies chunk `n` of import `importId` once (a chunk already done is
 * skipped), adds its counts, and queues the next chunk, or finishes the import
 * after the last. Returns what the chunk did.
 */
export async function processImportChunk(
  fs: Firestore,
  importId: string,
  n: number,
  enqueue: EnqueueChunk = enqueueLive,
  source: CatalogueSource = openLibraryFromEnv(),
): Promise<{ matched: number; unmatched: number; skipped: boolean }> {
  const [stored, chunkSnap] = await Promise.all([
    importRef(fs, importId).get(),
    chunkRef(fs, importId, n).get(),
  ]);
  if (!stored.exists || !chunkSnap.exists) return { matched: 0, unmatched: 0, skipped: true };
  const uid = String(stored.get('user_id'));
  const total = Number(stored.get('total'));
  const last = n + 1 >= chunkCount(total);
  if (chunkSnap.get('done') === true) {
    if (!last) await enqueue(importId, n + 1);
    return { matched: 0, unmatched: 0, skipped: true };
  }
  const rows = (chunkSnap.get('rows') ?? []) as ImportRow[];
  const onShelfmark = await booksFor(fs, rows);
  // Rows no book on Shelfmark matches are looked up in the open catalogue (look-up-rows.ts).
  const missing = rows.filter((row) => !onShelfmark(row));
  const looked = missing.length > 0 ? await lookUpUnmatched(fs, source, uid, missing) : null;
  if (looked) logger.info('reading import: looked up', { import: importId, chunk: n, ...looked.counts });
  const bookOf = (row: ImportRow) => onShelfmark(row) ?? looked?.bookOf(row) ?? null;
  const mayReview = await featureAllowed('reviews', uid, fs);
  const reasons: Partial<Record<ImportReason, number>> = {};
  const unmatchedRows: ImportRow[] = [];
  const placements: ShelfPlacement[] = [];
  let matched = 0;
  for (const row of rows) {
    const book = bookOf(row);
    if (!book) {
      unmatchedRows.push(row);
      continue;
    }
    const reason = await applyRow(fs, uid, book, row, { mode: 'publish', mayReview });
    if (reason) reasons[reason] = (reasons[reason] ?? 0) + 1;
    if (row.custom_shelves.length > 0) placements.push({ bookId: book.id, names: row.custom_shelves });
    matched += 1;
  }
  await placeOnOwnShelves(fs, uid, placements);
  reasons.not_on_shelfmark = unmatchedRows.length;
  await runTransactionWithRetry(fs, async (tx) => {
    const current = await tx.get(chunkSnap.ref);
    if (current.get('done') === true) return;
    for (const row of unmatchedRows)
      keepUnmatched(tx, fs, uid, importId, row, looked !== null && !looked.counts.sourceFailed);
    const now = Timestamp.now();
    tx.update(current.ref, { done: true, rows: FieldValue.delete() });
    tx.update(stored.ref, {
      processed: FieldValue.increment(rows.length),
      matched: FieldValue.increment(matched),
      unmatched: FieldValue.increment(unmatchedRows.length),
      ...Object.fromEntries(
        Object.entries(reasons)
          .filter(([, count]) => count > 0)
          .map(([reason, count]) => [`reasons.${reason}`, FieldValue.increment(count)]),
      ),
      updated_at: now,
      ...(last ? { status: 'done', finished_at: now } : {}),
    });
  });
  if (last) {
    await lookUpKeptRows(fs, source, uid).catch((error: unknown) =>
      logger.warn('reading import: kept rows not looked up', { user: uid, error: String(error) }),
    );
    await purgeCacheTags([profileCacheTag(uid)]);
  } else await enqueue(importId, n + 1);
  return { matched, unmatched: unmatchedRows.length, skipped: false };
}

const chunkTaskSchema = z.object({ import_id: idSchema, chunk: z.number().int().min(0) });

/** Processes one chunk of an import and queues the next; a failure is retried by the queue. */
export const processReadingImport = onTaskDispatched(
  {
    retryConfig: { maxAttempts: 10, minBackoffSeconds: 5, maxBackoffSeconds: 300 },
    rateLimits: { maxConcurrentDispatches: 4 },
    timeoutSeconds: 540,
  },
  async (request) => {
    const { import_id: importId, chunk } = chunkTaskSchema.parse(request.data);
    const outcome = await processImportChunk(db(), importId, chunk);
    logger.info('reading import: chunk processed', { import: importId, chunk, ...outcome });
  },
);
