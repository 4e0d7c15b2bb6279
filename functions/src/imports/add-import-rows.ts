// addReadingImportRows: takes an import's rows chunk by chunk; the last row queues
// the matching (process-import.ts).
import { HttpsError } from 'firebase-functions/v2/https';
import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import {
  READING_IMPORT_TEXT,
  addReadingImportRowsRequestSchema,
  chunkCount,
  type AddReadingImportRowsResponse,
} from '../../../src/domain/imports/reading-import';
import { requireFeature } from '../billing/early-access';
import { db, runTransactionWithRetry } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { chunkRef, enqueueLive, importRef } from './import-docs';

/** A refused chunk's first problem: a row's own message names its row ("Row 7: the finish date …"). */
function rowsIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.path[0] === 'rows' && issue.code === 'custom' ? issue.message : describeIssue(error);
}

/**
 * Takes one chunk of the caller's import (a chunk sent again is taken once).
 * When the last row arrives, matching begins. Errors: not-found (no such import of
 * theirs); failed-precondition (no longer receiving); invalid-argument.
 */
export const addReadingImportRows = guardedCall(
  'member',
  async (request, caller): Promise<AddReadingImportRowsResponse> => {
    const parsed = addReadingImportRowsRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', rowsIssue(parsed.error));
    const { import_id: importId, chunk, rows } = parsed.data;
    await requireFeature('reading_import', caller.uid);
    const fs = db();
    const outcome = await runTransactionWithRetry(fs, async (tx) => {
      const [stored, existing] = await Promise.all([
        tx.get(importRef(fs, importId)),
        tx.get(chunkRef(fs, importId, chunk)),
      ]);
      if (!stored.exists || stored.get('user_id') !== caller.uid)
        throw new HttpsError('not-found', READING_IMPORT_TEXT.notFound);
      if (stored.get('status') !== 'receiving')
        throw new HttpsError('failed-precondition', READING_IMPORT_TEXT.notReceiving);
      const total = Number(stored.get('total'));
      if (chunk >= chunkCount(total))
        throw new HttpsError('invalid-argument', 'This chunk is beyond the file’s rows.');
      let received = Number(stored.get('received') ?? 0);
      if (!existing.exists) {
        received = Math.min(total, received + rows.length);
        tx.create(existing.ref, { rows, done: false });
      }
      const status = received >= total ? 'matching' : 'receiving';
      tx.update(stored.ref, { received, status, updated_at: Timestamp.now() });
      return { received, status } as const;
    });
    if (outcome.status === 'matching') await enqueueLive(importId, 0);
    return outcome;
  },
  { signIn: 'Please sign in to import your reading.' },
);
