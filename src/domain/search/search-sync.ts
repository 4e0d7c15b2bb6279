// How every server instance's search index learns of changes made elsewhere.
//
// Search runs in the on-demand site, possibly in many instances at once, while
// items change in Cloud Functions. So:
// - Whenever an item may have changed what the search box should find, a
//   function records its new SearchDocument (or null: no longer public) in the
//   change log, search_changes/{autoId}, stamped with the commit time. It
//   records only real changes: search_state/{docId} keeps a fingerprint of what
//   was last recorded.
// - A scheduled function folds the log into a snapshot of the whole index every
//   few minutes: the embedded engine's JSON cut into chunks of at most
//   SNAPSHOT_CHUNK_CHARS (a Firestore document holds at most 1 MiB), under
//   search_snapshots/{version}/chunks/{n}, with site_meta/search_snapshot naming
//   the current version and the change time it includes everything up to.
// - An instance starts from the latest snapshot (or, before the first one
//   exists, from the items themselves) and, before answering a search, applies
//   the log's newer entries when it last looked more than SEARCH_SYNC_MS ago.
// No client reads or writes any of it (firestore.rules has no match for them).
import { z } from 'zod';
import { timestampSchema } from '../shared/common.ts';
import { searchDocumentSchema, type SearchDocument } from './site-search.ts';

/** search_changes/{autoId}: one item's new state in the index. */
export const SEARCH_CHANGES = 'search_changes';
/** search_state/{docId}: the fingerprint of the state last recorded for an item. */
export const SEARCH_STATE = 'search_state';
/** search_snapshots/{version}: a snapshot, its chunks in the `chunks` subcollection. */
export const SEARCH_SNAPSHOTS = 'search_snapshots';
/** The subcollection of a snapshot's chunks, chunks/{n} with n from 0. */
export const SNAPSHOT_CHUNKS = 'chunks';
/** site_meta/search_snapshot: which snapshot is current. */
export const SEARCH_SNAPSHOT_META = { collection: 'site_meta', doc: 'search_snapshot' } as const;

/** An instance applies the change log at least this often (while searches arrive). */
export const SEARCH_SYNC_MS = 2_000;
/** Most characters in one snapshot chunk: well under Firestore's 1 MiB per document. */
export const SNAPSHOT_CHUNK_CHARS = 900_000;
/**
 * How long a change stays in the log: long enough that an instance started
 * from a snapshot a few runs old still finds every later change. Firestore's
 * TTL policy on `expires_at` deletes it afterwards.
 */
export const SEARCH_CHANGE_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;
/** Most changes one sync applies; a longer backlog is applied over the next syncs. */
export const SEARCH_SYNC_BATCH = 500;

/** A change as stored (read with its document id, which is dropped). */
export const searchChangeSchema = z.object({
  /** The SearchDocument id ('book_x1'). */
  doc_id: z.string().min(3).max(200),
  /** The item's document, or null when search must not find it any more. */
  document: searchDocumentSchema.nullable(),
  /** Commit time of the change: the log is read in this order. */
  changed_at: timestampSchema,
  expires_at: timestampSchema,
});
export type SearchChange = z.output<typeof searchChangeSchema>;

/** site_meta/search_snapshot (read with its document id, which is dropped). */
export const searchSnapshotMetaSchema = z.object({
  /** search_snapshots/{version}. */
  version: z.string().min(1).max(100),
  /** How many chunks it has. */
  chunk_count: z.number().int().min(1),
  /** How many documents it indexes. */
  documents: z.number().int().min(0),
  /** It includes every change up to and including this time. */
  watermark: timestampSchema,
  written_at: timestampSchema,
});
export type SearchSnapshotMeta = z.output<typeof searchSnapshotMetaSchema>;

/** Cuts a snapshot's text into chunks of at most `size` characters (at least one chunk). */
export function chunkText(text: string, size = SNAPSHOT_CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
  return chunks.length > 0 ? chunks : [''];
}

/**
 * A stable fingerprint of an item's state in the index ('gone' when it must not
 * be found), so a write that changes nothing search shows (a view counted, a
 * field search does not hold) records nothing.
 */
export function searchFingerprint(document: SearchDocument | null): string {
  if (document === null) return 'gone';
  return JSON.stringify(
    Object.keys(document)
      .sort()
      .map((key) => [key, document[key as keyof SearchDocument]]),
  );
}

/**
 * The last state of each item among `changes`, in log order: what applying them
 * one after another would leave. Changes at the same time keep their order.
 */
export function latestStates(
  changes: readonly Pick<SearchChange, 'doc_id' | 'document' | 'changed_at'>[],
): Map<string, SearchDocument | null> {
  const ordered = [...changes].sort((a, b) => a.changed_at.getTime() - b.changed_at.getTime());
  const states = new Map<string, SearchDocument | null>();
  for (const change of ordered) states.set(change.doc_id, change.document);
  return states;
}
