// Keeps a Typesense server current when the site is configured to search with
// one (src/data/server/search/engine-config.ts; the default embedded engine needs
// none of this). The change log (search-changes.ts) stays the one record of what
// search should find; this applies it to the server in log order, from a
// watermark kept in site_meta/typesense_feed. Before the first watermark every
// public item is indexed. Runs after every change (one at a time, so an older
// state never lands after a newer one) and with the 10-minute snapshot job, which
// catches up after a failed run.
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { searchBackend } from '../../../src/data/server/search/engine-config';
import { readAllSearchDocuments } from '../../../src/data/server/search/search-source';
import { applyChangesSince } from '../../../src/data/server/search/search-store';
import { TypesenseSearchEngine } from '../../../src/data/server/search/typesense-engine';
import { SEARCH_CHANGES } from '../../../src/domain/search/search-sync';
import type { SearchEngine } from '../../../src/domain/search/site-search';
import { db } from '../shared/firestore';

/** Where the feed's watermark is kept. */
export const TYPESENSE_FEED = { collection: 'site_meta', doc: 'typesense_feed' } as const;

/** Applies the change log after the stored watermark to `engine` (everything, the first time). */
export async function feedSearchServer(
  firestore: Firestore,
  engine: SearchEngine,
  now: Date = new Date(),
): Promise<{ watermark: Date; read: number; rebuilt: boolean }> {
  const ref = firestore.collection(TYPESENSE_FEED.collection).doc(TYPESENSE_FEED.doc);
  const stored = (await ref.get()).get('watermark');
  let since: Date;
  let rebuilt = false;
  if (stored instanceof Timestamp) since = stored.toDate();
  else {
    // Changes recorded while the items are read are applied after them.
    since = now;
    await engine.upsert(await readAllSearchDocuments(firestore));
    rebuilt = true;
  }
  const { watermark, read } = await applyChangesSince(firestore, engine, since);
  await ref.set({ watermark, fed_at: now });
  return { watermark, read, rebuilt };
}

/** The configured search server, or null with the embedded engine (read once, at load). */
function configuredServer(): TypesenseSearchEngine | null {
  const backend = searchBackend('indexer');
  return backend.kind === 'typesense' ? new TypesenseSearchEngine(backend.config) : null;
}

export const searchServer = configuredServer();

/**
 * After each change, when a search server is configured; with the embedded
 * engine this function is not deployed at all (nothing to feed, and no
 * invocation per change).
 */
export const searchTypesense = searchServer
  ? onDocumentCreated({ document: `${SEARCH_CHANGES}/{id}`, maxInstances: 1, concurrency: 1 }, async () => {
      const result = await feedSearchServer(db(), searchServer);
      logger.debug('search server fed', result);
    })
  : undefined;
