/**
 * The signed-in member's imports of their reading history
 * (src/domain/imports/reading-import.ts): started and fed through the
 * startReadingImport and addReadingImportRows callables; their progress, report
 * and rows not on Shelfmark yet read with queries naming the member (the rules
 * check the owner of each document read).
 */
import { collection, doc, getDoc, getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import type { ImportRow } from '../../../domain/imports/import-row.ts';
import {
  IMPORT_PENDING_REVIEWS,
  READING_IMPORTS,
  UNMATCHED_READS,
  importPendingReviewSchema,
  readingImportSchema,
  unmatchedReadSchema,
  type AddReadingImportRowsResponse,
  type ImportPendingReview,
  type SettleImportedReviewsRequest,
  type SettleImportedReviewsResponse,
  type ReadingImport,
  type StartReadingImportRequest,
  type StartReadingImportResponse,
  type UnmatchedRead,
} from '../../../domain/imports/reading-import.ts';
import { parseDocs, tryParseDoc } from '../../firestore-convert.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { db } from '../shared/firestore.ts';

export function startReadingImport(
  request: StartReadingImportRequest,
): Promise<CallOutcome<StartReadingImportResponse>> {
  return callFunction('startReadingImport', request);
}

export function addReadingImportRows(
  importId: string,
  chunk: number,
  rows: ImportRow[],
): Promise<CallOutcome<AddReadingImportRowsResponse>> {
  return callFunction('addReadingImportRows', { import_id: importId, chunk, rows });
}

/** One of the member's imports as it stands, or null. */
export async function getImport(id: string): Promise<ReadingImport | null> {
  const snapshot = await getDoc(doc(db(), READING_IMPORTS, id));
  return snapshot.exists() ? tryParseDoc(readingImportSchema, snapshot) : null;
}

/** `uid`'s newest import, or null. */
export async function getLatestImport(uid: string): Promise<ReadingImport | null> {
  const snapshot = await getDocs(
    query(
      collection(db(), READING_IMPORTS),
      where('user_id', '==', uid),
      orderBy('created_at', 'desc'),
      limit(1),
    ),
  );
  return parseDocs(readingImportSchema, snapshot.docs)[0] ?? null;
}

/** Up to `max` of `uid`'s rows not on Shelfmark yet. */
export async function getUnmatchedReads(uid: string, max: number): Promise<UnmatchedRead[]> {
  const snapshot = await getDocs(
    query(collection(db(), UNMATCHED_READS), where('user_id', '==', uid), limit(max)),
  );
  return parseDocs(unmatchedReadSchema, snapshot.docs);
}

/** Up to `max` of `uid`'s imported ratings and reviews that wait for their word. */
export async function getWaitingReviews(uid: string, max: number): Promise<ImportPendingReview[]> {
  const snapshot = await getDocs(
    query(
      collection(db(), IMPORT_PENDING_REVIEWS),
      where('user_id', '==', uid),
      where('status', '==', 'waiting'),
      limit(max),
    ),
  );
  return parseDocs(importPendingReviewSchema, snapshot.docs);
}

/** Publishes the waiting ratings and reviews (a share of them per call), or keeps them private. */
export function settleImportedReviews(
  action: SettleImportedReviewsRequest['action'],
): Promise<CallOutcome<SettleImportedReviewsResponse>> {
  return callFunction('settleImportedReviews', { action });
}
