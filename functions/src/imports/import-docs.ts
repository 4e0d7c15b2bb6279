// Where an import's documents live, the keys made from its rows, and how a chunk of
// rows is queued for processing (src/domain/imports/reading-import.ts holds the rules).
import { createHash } from 'node:crypto';
import { getFunctions } from 'firebase-admin/functions';
import type { Firestore } from 'firebase-admin/firestore';
import { titleAuthorKey } from '../../../src/domain/books/match-key';
import type { ImportRow } from '../../../src/domain/imports/import-row';
import { READING_IMPORTS, chunkId } from '../../../src/domain/imports/reading-import';

/** reading_imports/{id}: one import. */
export const importRef = (fs: Firestore, id: string) => fs.collection(READING_IMPORTS).doc(id);

/** reading_imports/{id}/chunks/{nnnn}: chunk `n` of an import's rows. */
export const chunkRef = (fs: Firestore, id: string, n: number) =>
  importRef(fs, id).collection('chunks').doc(chunkId(n));

/** A short, safe key of text: the first 24 hex digits of its SHA-256. */
export function keyOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

/** What identifies a row's book across imports: its ISBN-13, else its title-and-author key, else its title. */
export function rowKey(row: ImportRow): string {
  return keyOf(row.isbn13 ?? titleAuthorKey(row.title, row.author) ?? row.title.toLowerCase());
}

/** What queues a chunk's processing (the task queue in production; the tests call the processing directly). */
export type EnqueueChunk = (importId: string, chunk: number) => Promise<void>;

/** Queues chunk `chunk` of an import on the processReadingImport queue. */
export const enqueueLive: EnqueueChunk = (importId, chunk) =>
  getFunctions()
    .taskQueue('processReadingImport')
    .enqueue({ import_id: importId, chunk }, { dispatchDeadlineSeconds: 600 });
