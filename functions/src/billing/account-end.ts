// What deleting an account does to billing: a subscription that still carries
// Premium (or would renew) is cancelled at once in Stripe, so nobody is charged
// for an account that no longer exists, and the customer → member mapping is
// removed, as is a past-due grace marker. The billing record itself goes with
// the profile's private records; a trial claim (trial_claims) stays, since it
// names no account and is what stops a new account from having a second trial.
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import { BILLING_CUSTOMERS } from '../../../src/domain/billing/billing';
import { billingOf, billingRef, graceRef } from './record';
import { billingConfig, stripeFor } from './stripe';

/** True when Stripe answered that the object does not exist. */
function isMissing(error: unknown): boolean {
  return (error as { statusCode?: unknown } | null)?.statusCode === 404;
}

/**
 * Cancels the member's live subscription and removes their customer mapping;
 * safe to run again. Throws (so the deletion job stops and is retried) when a
 * live subscription cannot be cancelled, billing being unconfigured included.
 */
export async function endBilling(firestore: Firestore, uid: string): Promise<void> {
  const record = billingOf(uid, (await billingRef(firestore, uid).get()).data());
  const subscription = record.subscription;
  if (
    subscription !== null &&
    subscription.status !== 'canceled' &&
    subscription.status !== 'incomplete_expired'
  ) {
    const config = billingConfig();
    if (config === null)
      throw new Error(`account deletion: ${uid} has a live subscription and billing is not configured`);
    try {
      await (await stripeFor(config)).subscriptions.cancel(subscription.id);
      logger.info('account deletion: subscription cancelled', { uid, subscription: subscription.id });
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  const mappings = await firestore.collection(BILLING_CUSTOMERS).where('uid', '==', uid).get();
  await Promise.all([...mappings.docs.map((doc) => doc.ref.delete()), graceRef(firestore, uid).delete()]);
}
