// The search index's shared state in Firestore: the change log and the
// snapshots (src/domain/search/search-sync.ts says how they fit together). Read by
// every site instance, written by Cloud Functions.
import type { Firestore } from 'firebase-admin/firestore';
import {
  chunkText,
  latestStates,
  SEARCH_CHANGES,
  SEARCH_SNAPSHOT_META,
  SEARCH_SNAPSHOTS,
  SEARCH_SYNC_BATCH,
  searchChangeSchema,
  searchSnapshotMetaSchema,
  SNAPSHOT_CHUNKS,
  type SearchSnapshotMeta,
} from '../../../domain/search/search-sync.ts';
import type { SearchEngine } from '../../../domain/search/site-search.ts';
import { parseDocs, tryParseDoc } from '../../firestore-convert.ts';
import { EmbeddedSearchEngine } from './embedded-engine.ts';

/**
 * How far back each read of the log starts before the newest change already
 * applied. Applying a change twice leaves the same index (each item ends in its
 * latest state), so the overlap only guards against changes whose commit time
 * was a little earlier than one already seen.
 */
export const SYNC_OVERLAP_MS = 5_000;

function metaRef(firestore: Firestore) {
  return firestore.collection(SEARCH_SNAPSHOT_META.collection).doc(SEARCH_SNAPSHOT_META.doc);
}

/** The current snapshot: its description and its index as text, or null when none was written yet. */
export async function readSnapshot(
  firestore: Firestore,
): Promise<{ meta: SearchSnapshotMeta; json: string } | null> {
  const metaSnap = await metaRef(firestore).get();
  if (!metaSnap.exists) return null;
  const meta = tryParseDoc(searchSnapshotMetaSchema, metaSnap);
  if (!meta) return null;
  const chunks = await firestore
    .collection(SEARCH_SNAPSHOTS)
    .doc(meta.version)
    .collection(SNAPSHOT_CHUNKS)
    .get();
  if (chunks.size !== meta.chunk_count) return null;
  const ordered = chunks.docs
    .map((doc) => ({ n: Number(doc.id), text: String(doc.get('text') ?? '') }))
    .sort((a, b) => a.n - b.n);
  return { meta, json: ordered.map((chunk) => chunk.text).join('') };
}

/**
 * Writes `engine` as the new current snapshot, including every change up to
 * `watermark`, then deletes the snapshot it replaces. The chunks are written
 * before the description names them, so a reader never finds half a snapshot.
 */
export async function writeSnapshot(
  firestore: Firestore,
  engine: EmbeddedSearchEngine,
  watermark: Date,
  now: Date = new Date(),
): Promise<SearchSnapshotMeta> {
  const previous = await metaRef(firestore).get();
  const version = `v${now.getTime()}`;
  const chunks = chunkText(engine.toJSON());
  const folder = firestore.collection(SEARCH_SNAPSHOTS).doc(version).collection(SNAPSHOT_CHUNKS);
  // One chunk per batch: each is close to 1 MiB, and a batch's request is limited to 10 MiB.
  for (const [n, text] of chunks.entries()) await folder.doc(String(n)).set({ text });
  const meta: SearchSnapshotMeta = {
    version,
    chunk_count: chunks.length,
    documents: await engine.size(),
    watermark,
    written_at: now,
  };
  await metaRef(firestore).set(meta);
  const old = previous.get('version');
  if (typeof old === 'string' && old !== version)
    await firestore.recursiveDelete(firestore.collection(SEARCH_SNAPSHOTS).doc(old));
  return meta;
}

/**
 * Applies the log's changes after `since` (minus the overlap) to `engine`, in
 * batches until none is left; returns the newest change time applied (or
 * `since` when there was none) and how many changes were read.
 */
export async function applyChangesSince(
  firestore: Firestore,
  engine: SearchEngine,
  since: Date,
): Promise<{ watermark: Date; read: number }> {
  let watermark = since;
  let from = new Date(since.getTime() - SYNC_OVERLAP_MS);
  let read = 0;
  for (;;) {
    const page = await firestore
      .collection(SEARCH_CHANGES)
      .where('changed_at', '>', from)
      .orderBy('changed_at')
      .limit(SEARCH_SYNC_BATCH)
      .get();
    const changes = parseDocs(searchChangeSchema, page.docs);
    read += page.size;
    const states = latestStates(changes);
    const gone = [...states].filter(([, document]) => document === null).map(([id]) => id);
    const present = [...states.values()].filter((document) => document !== null);
    await engine.remove(gone);
    await engine.upsert(present);
    for (const change of changes) if (change.changed_at > watermark) watermark = change.changed_at;
    if (page.size < SEARCH_SYNC_BATCH) return { watermark, read };
    // A full page: read on from its last change, without the overlap (it would read the same page again).
    from = changes.at(-1)?.changed_at ?? watermark;
  }
}
