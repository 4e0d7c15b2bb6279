// startReadingImport: opens a member's import of their reading history, one at a
// time and within IMPORT_LIMITS; its rows follow through addReadingImportRows.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp } from 'firebase-admin/firestore';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import {
  IMPORT_STALE_MS,
  READING_IMPORTS,
  READING_IMPORT_TEXT,
  startReadingImportRequestSchema,
  type StartReadingImportResponse,
} from '../../../src/domain/imports/reading-import';
import { consumeAttempt } from '../accounts/throttle';
import { requireFeature } from '../billing/early-access';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';

/** How often one member may start an import. */
const IMPORT_LIMITS = [
  { max: 5, windowMs: 60 * 60_000 },
  { max: 20, windowMs: 24 * 60 * 60_000 },
];

/**
 * Opens an import for the caller. Errors: unauthenticated; permission-denied (not a
 * member in good standing, or the import switched off for them); invalid-argument;
 * resource-exhausted (IMPORT_LIMITS); failed-precondition (an import of theirs is
 * still running).
 */
export const startReadingImport = guardedCall(
  'member',
  async (request, caller): Promise<StartReadingImportResponse> => {
    await requireFeature('reading_import', caller.uid);
    const parsed = startReadingImportRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const fs = db();
    await consumeAttempt(
      fs,
      [{ kind: 'reading-import', value: caller.uid, limits: IMPORT_LIMITS }],
      READING_IMPORT_TEXT.throttled,
    );
    const ref = fs.collection(READING_IMPORTS).doc();
    await fs.runTransaction(async (tx) => {
      const running = await tx.get(
        fs
          .collection(READING_IMPORTS)
          .where('user_id', '==', caller.uid)
          .where('status', 'in', ['receiving', 'matching']),
      );
      const now = Date.now();
      const live = running.docs.some((doc) => {
        const updated = doc.get('updated_at') as Timestamp | undefined;
        const stale =
          doc.get('status') === 'receiving' ? IMPORT_STALE_MS.receiving : IMPORT_STALE_MS.matching;
        return now - (updated?.toMillis() ?? 0) < stale;
      });
      if (live) throw new HttpsError('failed-precondition', READING_IMPORT_TEXT.busy);
      const at = Timestamp.fromMillis(now);
      tx.create(ref, {
        user_id: caller.uid,
        layout: parsed.data.layout,
        file_name: parsed.data.file_name,
        status: 'receiving',
        total: parsed.data.total,
        received: 0,
        processed: 0,
        matched: 0,
        unmatched: 0,
        reasons: {},
        problems: parsed.data.problems,
        problem_count: Math.max(parsed.data.problem_count, parsed.data.problems.length),
        created_at: at,
        updated_at: at,
        finished_at: null,
      });
    });
    logger.info('startReadingImport', { import: ref.id, by: caller.uid, total: parsed.data.total });
    return { import_id: ref.id, rows_per_chunk: 200 };
  },
  { signIn: 'Please sign in to import your reading.' },
);
