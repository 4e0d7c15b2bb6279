import { createHash } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { decideAttempt, type ThrottleLimit } from '../../../src/domain/throttle';

/**
 * throttles/{key} = { attempts: number[] (ms since epoch), updated_at }: the
 * recent attempt times of one throttled subject. Only the Admin SDK touches this
 * collection: firestore.rules has no match for it, so every client read and
 * write is denied.
 */
export const THROTTLES = 'throttles';

/** One subject to count an attempt against, with its limits. */
export interface ThrottleSubject {
  /** What is counted, e.g. 'signup-ip'; part of the document id. */
  kind: string;
  /** Who is counted: an email address, an IP, a uid. Stored only as a hash. */
  value: string;
  /** The limits that apply. */
  limits: readonly ThrottleLimit[];
}

/** The document id of a subject: a hash, so no address or IP sits in the id. */
export function throttleKey(subject: Pick<ThrottleSubject, 'kind' | 'value'>): string {
  return `${subject.kind}-${createHash('sha256').update(subject.value).digest('hex').slice(0, 32)}`;
}

function storedAttempts(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((time): time is number => typeof time === 'number') : [];
}

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
  const refs = subjects.map((subject) => firestore.collection(THROTTLES).doc(throttleKey(subject)));
  const refused = await firestore.runTransaction(async (tx) => {
    const snapshots = refs.length > 0 ? await tx.getAll(...refs) : [];
    const decisions = subjects.map((subject, i) =>
      decideAttempt(storedAttempts(snapshots[i]?.get('attempts')), now, subject.limits),
    );
    const blocked = subjects.filter((_, i) => !decisions[i]!.allowed).map((subject) => subject.kind);
    if (blocked.length > 0) return blocked;
    refs.forEach((ref, i) =>
      tx.set(ref, { attempts: decisions[i]!.attempts, updated_at: FieldValue.serverTimestamp() }),
    );
    return [];
  });
  if (refused.length > 0) {
    logger.warn('throttled', { kinds: refused });
    throw new HttpsError('resource-exhausted', message);
  }
}
