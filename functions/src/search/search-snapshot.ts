// Folds the search change log into a fresh snapshot of the whole index, so a
// server instance that starts cold loads one snapshot and the few changes after
// it instead of reading every item (src/domain/search/search-sync.ts).
import { onSchedule } from 'firebase-functions/v2/scheduler';
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import { EmbeddedSearchEngine } from '../../../src/data/server/search/embedded-engine';
import { readAllSearchDocuments } from '../../../src/data/server/search/search-source';
import { applyChangesSince, readSnapshot, writeSnapshot } from '../../../src/data/server/search/search-store';
import type { SearchSnapshotMeta } from '../../../src/domain/search/search-sync';
import { db } from '../shared/firestore';
import { feedSearchServer, searchServer } from './search-typesense';

/**
 * Starts from the current snapshot (or, before the first one or when it was
 * built with other fields, from every public item), applies the changes recorded since, and writes the result as
 * the new current snapshot.
 */
export async function refreshSearchSnapshot(
  firestore: Firestore,
  now: Date = new Date(),
): Promise<SearchSnapshotMeta & { changes_read: number }> {
  const current = await readSnapshot(firestore);
  // A snapshot built with other fields (before one was added) is rebuilt from the items.
  const restored = current ? EmbeddedSearchEngine.fromJSON(current.json) : null;
  let engine: EmbeddedSearchEngine;
  let since: Date;
  if (current && restored) {
    engine = restored;
    since = current.meta.watermark;
  } else {
    // Changes recorded while the items are read are applied after them.
    since = now;
    engine = new EmbeddedSearchEngine();
    await engine.upsert(
      await readAllSearchDocuments(firestore, (collection, id, error) =>
        logger.error('search snapshot: item left out', {
          collection,
          id,
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
    );
  }
  const { watermark, read } = await applyChangesSince(firestore, engine, since);
  const meta = await writeSnapshot(firestore, engine, watermark, now);
  return { ...meta, changes_read: read };
}

/**
 * Every 10 minutes: a cold instance then has at most 10 minutes of changes to
 * apply. With a search server configured there is no snapshot to write; the
 * job catches the server up instead (after a failed feed).
 */
export const searchSnapshot = onSchedule('every 10 minutes', async () => {
  if (searchServer) {
    logger.info('search server caught up', await feedSearchServer(db(), searchServer));
    return;
  }
  const result = await refreshSearchSnapshot(db());
  logger.info('search snapshot written', result);
});
