// The billing record's one home in the functions: profiles/{uid}/private/billing
// (server-only), and the plan it decides, mirrored as the profile's
// subscription_status in the same transaction. Only the billing webhook and the
// admin's grant/revoke action call `writeBilling`.
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import {
  BILLING_CUSTOMERS,
  BILLING_DOC,
  BILLING_GRACE,
  EMPTY_BILLING,
  billingRecordSchema,
  graceEndOf,
  planOf,
  type BillingRecord,
  type PlanSource,
} from '../../../src/domain/billing/billing';

/** The member's billing record document. */
export function billingRef(firestore: Firestore, uid: string) {
  return firestore.doc(`profiles/${uid}/private/${BILLING_DOC}`);
}

/** The record as stored; a missing one is empty, a malformed one is logged and read as empty. */
export function billingOf(uid: string, data: Record<string, unknown> | undefined): BillingRecord {
  if (data === undefined) return EMPTY_BILLING;
  const parsed = billingRecordSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  logger.error('billing: a malformed billing record was read as empty', { uid, issues: parsed.error.issues });
  return EMPTY_BILLING;
}

/** Reads the member's record in `tx`. */
export async function readBilling(
  tx: Transaction,
  firestore: Firestore,
  uid: string,
): Promise<BillingRecord> {
  return billingOf(uid, (await tx.get(billingRef(firestore, uid))).data());
}

/** Where the Premium of each of `uids` comes from (one batched read of their records). */
export async function planSources(firestore: Firestore, uids: string[]): Promise<Map<string, PlanSource>> {
  const sources = new Map<string, PlanSource>();
  if (uids.length === 0) return sources;
  const docs = await firestore.getAll(...uids.map((uid) => billingRef(firestore, uid)));
  docs.forEach((doc, i) => sources.set(uids[i]!, planOf(billingOf(uids[i]!, doc.data())).source));
  return sources;
}

/** The member's grace marker (billing_grace/{uid}), which the hourly sweep looks for. */
export function graceRef(firestore: Firestore, uid: string) {
  return firestore.collection(BILLING_GRACE).doc(uid);
}

/**
 * Writes the record and the plan it decides at `now` onto the profile, in `tx`
 * (after its reads). The profile's updated_at is left alone: it is the profile
 * editor's conflict check, and a payment is not an edit. Given the record as it
 * was, the grace marker follows a change of grace (set when a payment failed,
 * removed when it ends), so the sweep finds the plans a clock, not an event,
 * ends; no write when the grace did not change.
 */
export function writeBilling(
  tx: Transaction,
  firestore: Firestore,
  uid: string,
  record: BillingRecord,
  options: { previous?: BillingRecord; now?: number } = {},
): void {
  const now = options.now ?? Date.now();
  tx.set(billingRef(firestore, uid), { ...record, updated_at: FieldValue.serverTimestamp() });
  tx.update(firestore.collection('profiles').doc(uid), { subscription_status: planOf(record, now).status });
  if (options.previous === undefined) return;
  const graceEnd = graceEndOf(record.subscription);
  if (graceEnd === graceEndOf(options.previous.subscription)) return;
  if (graceEnd === null || graceEnd <= now) tx.delete(graceRef(firestore, uid));
  else tx.set(graceRef(firestore, uid), { ends_at: Timestamp.fromMillis(graceEnd) });
}

/** The member a Stripe customer belongs to (billing_customers/{customerId}), or null for a customer not ours. */
export async function memberOfCustomer(firestore: Firestore, customerId: string): Promise<string | null> {
  const doc = await firestore.collection(BILLING_CUSTOMERS).doc(customerId).get();
  const uid: unknown = doc.get('uid');
  return typeof uid === 'string' && uid.length > 0 ? uid : null;
}
