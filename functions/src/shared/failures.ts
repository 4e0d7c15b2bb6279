import * as logger from 'firebase-functions/logger';
import { FieldValue } from 'firebase-admin/firestore';
import {
  SERVER_FAILURES_COLLECTION,
  failureMessage,
  type ServerFailureKind,
} from '../../../src/domain/shared/server-failures';
import { db } from './firestore';

/**
 * Records a server-side failure for the admins (shown beside the audit log).
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
}
