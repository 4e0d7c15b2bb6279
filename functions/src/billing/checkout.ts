// Buying Premium: startCheckout opens a Stripe Checkout session in subscription
// mode for the calling member (approved, active, verified), and
// openBillingPortal opens Stripe's customer portal (cancel, change card,
// invoices). Neither takes a price, a plan or a member from the request: the
// price is the server's configuration and the member is the caller. No card
// data reaches our pages or functions; Stripe's pages take it.
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { FieldValue } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import type Stripe from 'stripe';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import {
  BILLING_CUSTOMERS,
  BILLING_RETURN_PATHS,
  CHECKOUT_MESSAGES,
  TRIAL_CLAIM_METADATA,
  TRIAL_DAYS,
  checkoutProblem,
  checkoutRequestSchema,
  reusableCheckout,
  type OpenCheckout,
} from '../../../src/domain/billing/billing';
import type { BillingSession } from '../../../src/domain/callables';
import { db } from '../shared/firestore';
import { guardedCall, type Caller } from '../shared/guard';
import { siteUrl } from '../mail/settings';
import { billingRef, billingOf, readBilling } from './record';
import { billingConfig, stripeFor, type BillingConfig } from './stripe';
import { trialClaimKey, trialClaimed } from './trial-claims';

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

/** Expires a Checkout session nobody should pay any more; a failure is logged, the webhook cancels what gets through. */
async function expireSession(stripe: Stripe, uid: string, sessionId: string): Promise<void> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    logger.warn('billing: an unused checkout session could not be expired', { uid, sessionId, error });
  }
}

/**
 * { trial? } → { url } of a Checkout session for the caller; refused when they
 * already have Premium or a live subscription, or when their trial (or one with
 * their address, in trial_claims) was already had.
 *
 * One open checkout per member: the session is remembered in the billing record,
 * and a second call while it is open gets the same url. Two calls at once may
 * each open a session; the transaction that remembers it keeps the first (of
 * the same kind) and the other is expired. A session of the other kind (trial or
 * not) replaces the open one, which is expired.
 */
export const startCheckout = guardedCall('member', async (request: CallableRequest<unknown>, caller) => {
  const parsed = checkoutRequestSchema.safeParse(request.data ?? {});
  if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
  const { trial } = parsed.data;
  const config = configured();
  const firestore = db();
  const ref = billingRef(firestore, caller.uid);
  const now = Date.now();
  const record = billingOf(caller.uid, (await ref.get()).data());
  const problem = checkoutProblem(record, trial, now);
  if (problem !== null) throw new HttpsError('failed-precondition', problem);
  const email = request.auth?.token.email;
  const claim = trial && email ? trialClaimKey(email) : null;
  if (claim !== null && (await trialClaimed(firestore, claim)))
    throw new HttpsError('failed-precondition', CHECKOUT_MESSAGES.trialUsed);
  try {
    const stripe = await stripeFor(config);
    const open = reusableCheckout(record, trial, now);
    if (open !== null) {
      const known = await stripe.checkout.sessions.retrieve(open.session_id);
      if (known.status === 'open' && known.url !== null) return { url: known.url } satisfies BillingSession;
      if (known.status === 'complete')
        throw new HttpsError('failed-precondition', CHECKOUT_MESSAGES.processing);
    }
    const customer = await customerOf(stripe, caller, email);
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
        metadata: { uid: caller.uid, ...(claim !== null ? { [TRIAL_CLAIM_METADATA]: claim } : {}) },
        ...(trial ? { trial_period_days: TRIAL_DAYS } : {}),
      },
      metadata: { uid: caller.uid },
    });
    if (session.url === null) throw new Error('Stripe gave the session no URL');
    const opened: OpenCheckout = {
      session_id: session.id,
      url: session.url,
      expires_at: session.expires_at * 1000,
      trial,
    };
    type Kept = { url: string; unused: string | null } | { refused: string; unused: string };
    const kept = await firestore.runTransaction(async (tx): Promise<Kept> => {
      const current = await readBilling(tx, firestore, caller.uid);
      const refused = checkoutProblem(current, trial, Date.now());
      if (refused !== null) return { refused, unused: opened.session_id };
      const first = reusableCheckout(current, trial, Date.now());
      // The open session found closed above is not handed out again.
      if (first !== null && first.session_id !== open?.session_id)
        return { url: first.url, unused: opened.session_id };
      tx.set(ref, { ...current, checkout: opened, updated_at: FieldValue.serverTimestamp() });
      return { url: opened.url, unused: current.checkout?.session_id ?? null };
    });
    if (kept.unused !== null) await expireSession(stripe, caller.uid, kept.unused);
    if ('refused' in kept) throw new HttpsError('failed-precondition', kept.refused);
    return { url: kept.url } satisfies BillingSession;
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
