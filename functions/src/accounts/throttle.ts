import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import {
  decideFromLog,
  recordAttempt,
  THROTTLES,
  throttleKey,
  throttleRef,
  type ThrottleSubject,
} from '../../../src/data/server/shared/throttle';

export { THROTTLES, throttleKey, throttleRef, type ThrottleSubject };

/**
 * Counts one attempt against every subject, in one transaction: either all of
 * them have room and the attempt is recorded for each, or none is touched and
 * 'resource-exhausted' with `message` is thrown.
 */
export async function consumeAttempt(
  firestore: Firestore,
  subjects: readonly ThrottleSubject[],
  message: string,
  now = Date.now(),
): Promise<void> {
  const refs = subjects.map((subject) => throttleRef(firestore, subject));
  const refused = await firestore.runTransaction(async (tx) => {
    const snapshots = refs.length > 0 ? await tx.getAll(...refs) : [];
    const decisions = subjects.map((subject, i) => decideFromLog(snapshots[i], subject, now));
    const blocked = subjects.filter((_, i) => !decisions[i]!.allowed).map((subject) => subject.kind);
    if (blocked.length > 0) return blocked;
    snapshots.forEach((snapshot, i) => recordAttempt(tx, snapshot, decisions[i]!));
    return [];
  });
  if (refused.length > 0) {
    logger.warn('throttled', { kinds: refused });
    throw new HttpsError('resource-exhausted', message);
  }
}
