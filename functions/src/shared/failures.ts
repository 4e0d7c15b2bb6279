import * as logger from 'firebase-functions/logger';
import { FieldValue } from 'firebase-admin/firestore';
import {
  SERVER_FAILURES_COLLECTION,
  failureMessage,
  type ServerFailureKind,
} from '../../../src/domain/shared/server-failures';
import { countsAsAlertEvent } from '../../../src/domain/shared/ops-alerts';
import { reportError } from '../../../src/data/server/shared/error-tracker';
import { db } from './firestore';
import { noteAlertEvent } from './ops-alerts';

/**
 * Records a server-side failure for the admins (shown beside the audit log), and counts
 * it towards its kind's alert (ops-alerts.ts: the rebuild counts its builds instead) and
 * reports it to the error tracker when one is configured.
 * Never throws: recording is best effort and must not hide the failure itself,
 * which the caller still handles (rethrows, retries or reports).
 */
export async function recordFailure(
  kind: ServerFailureKind,
  error: unknown,
  context: Record<string, string> = {},
): Promise<void> {
  try {
    await db()
      .collection(SERVER_FAILURES_COLLECTION)
      .add({ kind, message: failureMessage(error), context, at: FieldValue.serverTimestamp() });
  } catch (problem) {
    logger.error('server failure not recorded', { kind, error: failureMessage(problem) });
  }
  await Promise.all([
    countsAsAlertEvent(kind) ? noteAlertEvent(kind, error) : undefined,
    reportError(error, { kind, ...context }),
  ]);
}
