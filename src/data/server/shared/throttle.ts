// The attempt logs behind every throttle (src/domain/shared/throttle.ts decides), shared by
// the site's server and Cloud Functions (functions/src/accounts/throttle.ts):
// throttles/{key} = { attempts: number[] (ms since epoch), updated_at }, one log per
// throttled subject. Only the Admin SDK touches this collection: firestore.rules has
// no match for it, so every client read and write is denied.
import { createHash } from 'node:crypto';
import {
  FieldValue,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { decideAttempt, type ThrottleDecision, type ThrottleLimit } from '../../../domain/shared/throttle.ts';

/** The collection of attempt logs. */
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

/** The attempt log of a subject: throttles/{throttleKey}. */
export function throttleRef(
  db: Firestore,
  subject: Pick<ThrottleSubject, 'kind' | 'value'>,
): DocumentReference {
  return db.collection(THROTTLES).doc(throttleKey(subject));
}

/** The attempt times stored in a log (none when the log is missing or malformed). */
export function storedAttempts(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((time): time is number => typeof time === 'number') : [];
}

/** Decides an attempt against one subject's log, read in the caller's transaction. */
export function decideFromLog(
  log: DocumentSnapshot | undefined,
  subject: ThrottleSubject,
  now: number,
): ThrottleDecision {
  return decideAttempt(storedAttempts(log?.get('attempts')), now, subject.limits);
}

/** Records an allowed attempt in the subject's log, in the caller's transaction. */
export function recordAttempt(tx: Transaction, log: DocumentSnapshot, decision: ThrottleDecision): void {
  tx.set(log.ref, { attempts: decision.attempts, updated_at: FieldValue.serverTimestamp() });
}
