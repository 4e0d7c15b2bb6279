import { HttpsError } from 'firebase-functions/v2/https';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  LIMIT_MESSAGES,
  PLAN_LIMITS,
  fitsPlanLimit,
  type LimitedKind,
} from '../../../src/domain/items/plan-limits';
import type { SubscriptionStatus } from '../../../src/domain/accounts/profile';

/** The collection each limited kind lives in (each item has the owner's uid in user_id). */
const COLLECTIONS: Record<LimitedKind, string> = { books: 'books', products_services: 'products_services' };

/** One planned change of a member's items. */
export interface LimitedChange {
  /** What is counted. */
  kind: LimitedKind;
  /** Owner of the items. */
  uid: string;
  /** The owner's plan (after the save, when the same save changes it). */
  subscription: SubscriptionStatus;
  /** How many of the owner's existing items the same write removes. */
  removing: number;
  /** How many items it creates. */
  adding: number;
}

/** The collection of per-member lock documents that serialise item creations (never readable or writable by clients). */
export const PLAN_LOCKS_COLLECTION = 'plan_locks';

/**
 * Refuses, with 'resource-exhausted' and the plan's message, a change that
 * would leave a free member with more items than the plan allows. Counts inside
 * the transaction with a query bounded to limit + removing + 1 documents (ids
 * only), so the cost does not grow with the member's items; nothing is read when
 * nothing is added or the plan is unlimited.
 *
 * The count alone does not stop two concurrent transactions from each adding
 * the last allowed item, so every adding transaction also reads and writes the
 * member's lock document `plan_locks/{uid}`: two such transactions conflict,
 * Firestore runs one after the other, and the second counts again. Every path
 * that creates books or products (saveBook, saveProductService)
 * goes through here. Call it after the transaction's other reads and before
 * its other writes (it writes the lock).
 */
export async function assertWithinPlanLimit(
  tx: Transaction,
  firestore: Firestore,
  change: LimitedChange,
): Promise<void> {
  const limit = PLAN_LIMITS[change.subscription][change.kind];
  if (change.adding === 0 || !Number.isFinite(limit)) return;
  const lockRef = firestore.collection(PLAN_LOCKS_COLLECTION).doc(change.uid);
  const [, held] = await Promise.all([
    tx.get(lockRef),
    tx.get(
      firestore
        .collection(COLLECTIONS[change.kind])
        .where('user_id', '==', change.uid)
        .select()
        .limit(limit + change.removing + 1),
    ),
  ]);
  if (!fitsPlanLimit(change.kind, change.subscription, held.size, change.removing, change.adding)) {
    throw new HttpsError('resource-exhausted', LIMIT_MESSAGES[change.kind]);
  }
  tx.set(lockRef, { [change.kind]: FieldValue.serverTimestamp() }, { merge: true });
}
