// Buying Premium: startCheckout opens a Stripe Checkout session in subscription
// mode for the calling member (approved, active, verified), and
// openBillingPortal opens Stripe's customer portal (cancel, change card,
// invoices). Neither takes a price, a plan or a member from the request: the
// price is the server's configuration and the member is the caller. No card
// data reaches our pages or functions; Stripe's pages take it.
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import type Stripe from 'stripe';
import { firstErrorMessage } from '../../../src/domain/common';
import {
  BILLING_CUSTOMERS,
  BILLING_RETURN_PATHS,
  CHECKOUT_MESSAGES,
  TRIAL_DAYS,
  checkoutProblem,
  checkoutRequestSchema,
} from '../../../src/domain/billing';
import type { BillingSession } from '../../../src/domain/callables';
import { db } from '../firestore';
import { guardedCall, type Caller } from '../guard';
import { siteUrl } from '../mail/settings';
import { billingRef, billingOf } from './record';
import { billingConfig, stripeFor, type BillingConfig } from './stripe';

function configured(): BillingConfig {
  const config = billingConfig();
  if (config === null) throw new HttpsError('failed-precondition', CHECKOUT_MESSAGES.notConfigured);
  return config;
}

/**
 * The member's Stripe customer: the one remembered in their billing record, or
 * a new one (created once: the idempotency key makes a retry or a concurrent
 * call get the same customer), remembered with the customer → member mapping
 * the webhook reads.
 */
async function customerOf(stripe: Stripe, caller: Caller, email: string | undefined): Promise<string> {
  const firestore = db();
  const ref = billingRef(firestore, caller.uid);
  const known = billingOf(caller.uid, (await ref.get()).data()).customer_id;
  if (known !== null) return known;
  const customer = await stripe.customers.create(
    { email, metadata: { uid: caller.uid } },
    { idempotencyKey: `shelfmark-customer-${caller.uid}` },
  );
  return firestore.runTransaction(async (tx) => {
    const record = billingOf(caller.uid, (await tx.get(ref)).data());
    if (record.customer_id !== null) return record.customer_id;
    tx.set(ref, { ...record, customer_id: customer.id });
    tx.set(firestore.collection(BILLING_CUSTOMERS).doc(customer.id), { uid: caller.uid });
    return customer.id;
  });
}

/** Logs a Stripe failure and answers the member plainly. */
function stripeFailed(action: string, uid: string, error: unknown): never {
  if (error instanceof HttpsError) throw error;
  logger.error(`billing: ${action} failed`, { uid, error });
  throw new HttpsError('unavailable', CHECKOUT_MESSAGES.failed);
}

/** { trial? } → { url } of a Checkout session for the caller; refused when they already have Premium or used their trial. */
export const startCheckout = guardedCall('member', async (request: CallableRequest<unknown>, caller) => {
  const parsed = checkoutRequestSchema.safeParse(request.data ?? {});
  if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
  const { trial } = parsed.data;
  const config = configured();
  const record = billingOf(caller.uid, (await billingRef(db(), caller.uid).get()).data());
  const problem = checkoutProblem(record, trial);
  if (problem !== null) throw new HttpsError('failed-precondition', problem);
  try {
    const stripe = await stripeFor(config);
    const customer = await customerOf(stripe, caller, request.auth?.token.email);
    const site = siteUrl();
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: caller.uid,
      line_items: [{ price: config.priceId, quantity: 1 }],
      success_url: `${site}${BILLING_RETURN_PATHS.success}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}${BILLING_RETURN_PATHS.cancelled}`,
      allow_promotion_codes: true,
      subscription_data: {
        metadata: { uid: caller.uid },
        ...(trial ? { trial_period_days: TRIAL_DAYS } : {}),
      },
      metadata: { uid: caller.uid },
    });
    if (session.url === null) throw new Error('Stripe gave the session no URL');
    return { url: session.url } satisfies BillingSession;
  } catch (error) {
    return stripeFailed('startCheckout', caller.uid, error);
  }
});

/**
 * → { url } of Stripe's customer portal for the caller's customer. Any signed-in
 * member may open it, a deactivated one included: cancelling must stay possible.
 */
export const openBillingPortal = guardedCall('session', async (_request, caller) => {
  const config = configured();
  const record = billingOf(caller.uid, (await billingRef(db(), caller.uid).get()).data());
  if (record.customer_id === null)
    throw new HttpsError('failed-precondition', CHECKOUT_MESSAGES.noSubscription);
  try {
    const stripe = await stripeFor(config);
    const session = await stripe.billingPortal.sessions.create({
      customer: record.customer_id,
      return_url: `${siteUrl()}${BILLING_RETURN_PATHS.portal}`,
    });
    return { url: session.url } satisfies BillingSession;
  } catch (error) {
    return stripeFailed('openBillingPortal', caller.uid, error);
  }
});
