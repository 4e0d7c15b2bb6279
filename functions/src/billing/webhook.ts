// The billing webhook: the only way a payment changes a plan.
//
// - Stripe's signature is verified on the raw body, with a 5-minute tolerance;
//   anything unsigned, wrongly signed or older answers 400 and writes nothing.
// - Each event is processed once: its id is remembered (billing_events, with a
//   TTL) in the same transaction that applies it.
// - The event's copy of the subscription is never applied. Inside the
//   transaction, after the member's billing record is read (and so locked), the
//   subscription is retrieved from Stripe: events that arrive late, twice or
//   out of order all leave the plan Stripe holds now.
// - One live subscription per member: a second one that appears beside the one
//   followed (two tabs paid two checkouts) is cancelled at once in Stripe, and
//   the admins' audit log says so.
// - A subscription that begins with a trial records the trial's claim (the
//   keyed hash startCheckout put in its metadata), which outlives the account.
import { onRequest } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import {
  BILLING_EVENTS,
  BILLING_EVENT_MEMORY_MS,
  HANDLED_EVENT_TYPES,
  TRIAL_CLAIM_METADATA,
  isSecondSubscription,
  snapshotOf,
  subscriptionIdOf,
  withSubscription,
} from '../../../src/domain/billing/billing';
import { auditInTransaction } from '../shared/audit';
import { noteSignatureRefused } from '../shared/ops-alerts';
import { db } from '../shared/firestore';
import { memberOfCustomer, readBilling, writeBilling } from './record';
import { WEBHOOK_TOLERANCE_SECONDS, billingConfig, stripeFor } from './stripe';
import { TRIAL_CLAIM_KEY_PATTERN, claimTrialInTransaction, trialClaimedInTransaction } from './trial-claims';

/** What became of one verified event ('cancelled': it was about a second live subscription, now cancelled). */
export type EventOutcome = 'applied' | 'cancelled' | 'duplicate' | 'ignored';

/** Who the audit log names for what the webhook does on its own. */
export const WEBHOOK_ACTOR = 'stripe-webhook';

const handled: ReadonlySet<string> = new Set(HANDLED_EVENT_TYPES);

const customerOf = (object: unknown): string | null => {
  const customer = (object as { customer?: unknown } | null)?.customer;
  if (typeof customer === 'string') return customer;
  const id = (customer as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? id : null;
};

/** True when Stripe answered that the object does not exist. */
function isMissing(error: unknown): boolean {
  return (error as { code?: unknown; statusCode?: unknown } | null)?.statusCode === 404;
}

/** The trial claim's key Checkout carried into the subscription's metadata, when it is one. */
function trialClaimOf(subscription: Stripe.Subscription): string | null {
  const key = subscription.metadata?.[TRIAL_CLAIM_METADATA];
  return typeof key === 'string' && TRIAL_CLAIM_KEY_PATTERN.test(key) ? key : null;
}

/**
 * Applies one verified event: the member is found from the event's customer
 * (billing_customers, written when the member's customer was created), then the
 * subscription is retrieved and applied with withSubscription, judged against
 * the configured Premium price (`priceId`). A second live subscription is
 * cancelled instead of applied. Events of other types, of customers not ours,
 * and about subscriptions Stripe no longer has are remembered and ignored.
 */
export async function applyStripeEvent(
  firestore: Firestore,
  stripe: Stripe,
  event: Pick<Stripe.Event, 'id' | 'type' | 'data'>,
  terms: { priceId: string; now?: number },
): Promise<EventOutcome> {
  const now = terms.now ?? Date.now();
  const eventRef = firestore.collection(BILLING_EVENTS).doc(event.id);
  const remember = {
    type: event.type,
    processed_at: Timestamp.fromMillis(now),
    expires_at: Timestamp.fromMillis(now + BILLING_EVENT_MEMORY_MS),
  };
  const subscriptionId = handled.has(event.type) ? subscriptionIdOf(event.type, event.data.object) : null;
  const customerId = customerOf(event.data.object);
  const uid =
    subscriptionId !== null && customerId !== null ? await memberOfCustomer(firestore, customerId) : null;
  // Set once Stripe has cancelled a second subscription, so a retried transaction
  // (which then retrieves it cancelled) still records why.
  let cancelledHere: string | null = null;

  return firestore.runTransaction(async (tx): Promise<EventOutcome> => {
    if ((await tx.get(eventRef)).exists) return 'duplicate';
    if (uid === null || subscriptionId === null) {
      tx.create(eventRef, { ...remember, outcome: 'ignored' });
      return 'ignored';
    }
    const profileRef = firestore.collection('profiles').doc(uid);
    const [profile, record] = await Promise.all([tx.get(profileRef), readBilling(tx, firestore, uid)]);
    let subscription: Stripe.Subscription;
    try {
      subscription = await stripe.subscriptions.retrieve(subscriptionId);
    } catch (error) {
      if (!isMissing(error)) throw error;
      tx.create(eventRef, { ...remember, outcome: 'ignored' });
      return 'ignored';
    }
    const ours = customerOf(subscription) === customerId;
    if (!profile.exists || !ours) {
      tx.create(eventRef, { ...remember, outcome: 'ignored' });
      return 'ignored';
    }
    const snapshot = snapshotOf(subscription, terms.priceId);
    if (cancelledHere === subscription.id || isSecondSubscription(record, snapshot)) {
      if (cancelledHere !== subscription.id) {
        try {
          await stripe.subscriptions.cancel(subscription.id);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
        cancelledHere = subscription.id;
      }
      auditInTransaction(tx, firestore, {
        actorUid: WEBHOOK_ACTOR,
        action: 'cancel-second-subscription',
        targetUid: uid,
        before: { subscription: subscription.id, status: snapshot.status, price_ids: snapshot.price_ids },
        after: { status: 'canceled', kept: record.subscription?.id ?? null },
      });
      tx.create(eventRef, { ...remember, outcome: 'cancelled', uid, subscription: subscriptionId });
      logger.warn('billing: a second live subscription was cancelled', {
        uid,
        cancelled: subscription.id,
        kept: record.subscription?.id,
      });
      return 'cancelled';
    }
    const claim = snapshot.trial_end !== null ? trialClaimOf(subscription) : null;
    const claimed = claim !== null && (await trialClaimedInTransaction(tx, firestore, claim));
    const next = withSubscription(
      { ...record, customer_id: record.customer_id ?? customerId },
      snapshot,
      now,
    );
    writeBilling(tx, firestore, uid, next, { previous: record, now });
    if (claim !== null) claimTrialInTransaction(tx, firestore, claim, claimed, now);
    tx.create(eventRef, { ...remember, outcome: 'applied', uid, subscription: subscriptionId });
    return 'applied';
  });
}

/**
 * POST from Stripe (or the local stand-in). 400 for a bad or stale signature
 * (nothing written), 503 when billing is not configured, 500 when applying
 * failed (Stripe delivers again), 200 otherwise.
 */
export const stripeWebhook = onRequest(async (req, res) => {
  if (req.method !== 'POST') {
    res.status(405).send('POST only');
    return;
  }
  const config = billingConfig();
  if (config === null) {
    res.status(503).send('Billing is not configured');
    return;
  }
  const stripe = await stripeFor(config);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(
      req.rawBody,
      req.get('stripe-signature') ?? '',
      config.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch (error) {
    logger.warn('billing: a webhook request was refused (signature)', { error: String(error) });
    await noteSignatureRefused('Stripe');
    res.status(400).send('Bad signature');
    return;
  }
  try {
    const outcome = await applyStripeEvent(db(), stripe, event, { priceId: config.priceId });
    logger.info('billing: webhook event', { id: event.id, type: event.type, outcome });
    res.status(200).json({ received: true, outcome });
  } catch (error) {
    logger.error('billing: a webhook event could not be applied', { id: event.id, type: event.type, error });
    res.status(500).send('Could not apply the event');
  }
});
