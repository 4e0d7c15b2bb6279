// The billing webhook. Over HTTP on the functions emulator: only a request
// signed with the webhook secret within 5 minutes is accepted, and each event
// is processed once. Directly (applyStripeEvent against the Firestore emulator,
// with a Stripe whose subscriptions are whatever the test says Stripe holds
// now): the plan always ends as the subscription says, whatever order, repeats
// or concurrency the events come in.
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_CUSTOMERS,
  BILLING_EVENTS,
  BILLING_GRACE,
  PAST_DUE_GRACE_MS,
  TRIAL_CLAIMS,
  TRIAL_CLAIM_METADATA,
} from '../../../src/domain/billing/billing';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';
import { WEBHOOK_ACTOR, applyStripeEvent } from '../../../functions/src/billing/webhook';
import { endLapsedGraces } from '../../../functions/src/billing/grace';
import { trialClaimKey } from '../../../functions/src/billing/trial-claims';
import { STANDIN_DEFAULTS } from '../../../functions/src/billing/stripe';
import { PROJECT_ID, adminDb, uniqueId } from '../helpers/emulator';
import { functionsOrigin } from '../helpers/callable';
import { makeMember } from '../helpers/profile-members';

const db = adminDb();
const sdk = new Stripe(STANDIN_DEFAULTS.secretKey);
const DAY = 86_400;
const PRICE = STANDIN_DEFAULTS.priceId;
process.env.TRIAL_CLAIM_SECRET ??= 'demo-only-trial-claim-secret';
let webhookUrl = '';

beforeAll(async () => {
  webhookUrl = `${await functionsOrigin()}/${PROJECT_ID}/us-central1/stripeWebhook`;
});

type Status = Stripe.Subscription.Status;

/** A subscription in Stripe's shape (API 2026-10-28: the period is on the items). */
function subscription(
  id: string,
  customer: string,
  status: Status,
  extra: Partial<Stripe.Subscription> = {},
) {
  const periodEnd = Math.floor(Date.now() / 1000) + 30 * DAY;
  return {
    id,
    object: 'subscription',
    customer,
    status,
    cancel_at_period_end: false,
    trial_end: null,
    items: {
      object: 'list',
      data: [{ id: `si_${id}`, current_period_end: periodEnd, price: { id: PRICE } }],
    },
    metadata: {},
    ...extra,
  } as unknown as Stripe.Subscription;
}

/** A Stripe that holds `subscriptions` (changed by the test as Stripe would change them) and answers retrieve and cancel. */
function fakeStripe(subscriptions: Map<string, Stripe.Subscription>): Stripe {
  const found = (id: string) => {
    const subscription = subscriptions.get(id);
    if (subscription === undefined)
      throw Object.assign(new Error('No such subscription'), { statusCode: 404 });
    return subscription;
  };
  return {
    subscriptions: {
      retrieve: async (id: string) => found(id),
      cancel: async (id: string) => {
        const cancelled = { ...found(id), status: 'canceled' } as Stripe.Subscription;
        subscriptions.set(id, cancelled);
        return cancelled;
      },
    },
  } as unknown as Stripe;
}

/** Applies `event` as the webhook does, with the Premium price configured, at `now`. */
const apply = (stripe: Map<string, Stripe.Subscription>, applied: Stripe.Event, now = Date.now()) =>
  applyStripeEvent(db, fakeStripe(stripe), applied, { priceId: PRICE, now });

function event(type: string, object: Record<string, unknown>) {
  return { id: uniqueId('evt').replace('-', '_'), type, data: { object } } as unknown as Stripe.Event;
}

/** A member with a Stripe customer of their own. */
async function customer() {
  const member = await makeMember();
  const customerId = uniqueId('cus').replace('-', '_');
  await db.collection(BILLING_CUSTOMERS).doc(customerId).set({ uid: member.uid });
  return { member, customerId };
}

const plan = async (uid: string) =>
  (await db.doc(`profiles/${uid}`).get()).get('subscription_status') as string;
const billing = async (uid: string) => (await db.doc(`profiles/${uid}/private/billing`).get()).data();

describe('stripeWebhook over HTTP', () => {
  const post = (body: string, signature: string | null) =>
    fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      body,
    });
  const payloadOf = (id: string, type = 'customer.created') =>
    JSON.stringify({ id, object: 'event', type, data: { object: { id: 'cus_x', object: 'customer' } } });
  const sign = (payload: string, extra: { secret?: string; timestamp?: number } = {}) =>
    sdk.webhooks.generateTestHeaderString({
      payload,
      secret: extra.secret ?? STANDIN_DEFAULTS.webhookSecret,
      timestamp: extra.timestamp,
    });

  it('refuses an unsigned, a wrongly signed and a stale request with 400, writing nothing', async () => {
    const id = uniqueId('evt_forged').replace('-', '_');
    const payload = payloadOf(id);
    expect((await post(payload, null)).status).toBe(400);
    expect((await post(payload, sign(payload, { secret: 'whsec_someone_else' }))).status).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - 301;
    expect((await post(payload, sign(payload, { timestamp: stale }))).status).toBe(400);
    // A body changed after signing (the plan raised by a replayer) fails too.
    const signature = sign(payload);
    expect((await post(payload.replace('customer.created', 'customer.updated'), signature)).status).toBe(400);
    expect((await db.collection(BILLING_EVENTS).doc(id).get()).exists).toBe(false);
  });

  it('answers only POST', async () => {
    expect((await fetch(webhookUrl)).status).toBe(405);
  });

  it('accepts a signed event once: a replay of it is acknowledged as a duplicate', async () => {
    const id = uniqueId('evt_signed').replace('-', '_');
    const payload = payloadOf(id);
    const first = await post(payload, sign(payload));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: 'ignored' });
    const again = await post(payload, sign(payload));
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await db.collection(BILLING_EVENTS).doc(id).get()).get('type')).toBe('customer.created');
  });
});

describe('applyStripeEvent', () => {
  it('a completed checkout makes the member Premium (paid); the same event again changes nothing', async () => {
    const { member, customerId } = await customer();
    const stripe = new Map([['sub_a', subscription('sub_a', customerId, 'active')]]);
    const completed = event('checkout.session.completed', {
      mode: 'subscription',
      customer: customerId,
      subscription: 'sub_a',
    });
    expect(await apply(stripe, completed)).toBe('applied');
    expect(await plan(member.uid)).toBe('premium');
    expect(await billing(member.uid)).toMatchObject({
      customer_id: customerId,
      subscription: { id: 'sub_a', status: 'active', cancel_at_period_end: false },
      trial_used: false,
      grant: null,
    });
    stripe.set('sub_a', subscription('sub_a', customerId, 'canceled'));
    expect(await apply(stripe, completed)).toBe('duplicate');
    expect(await plan(member.uid)).toBe('premium');
  });

  it('ends where Stripe is, whatever order the events arrive in', async () => {
    const { member, customerId } = await customer();
    const stripe = new Map([['sub_b', subscription('sub_b', customerId, 'canceled')]]);
    // Stripe already cancelled it; the 'created' event arrives last.
    const deleted = event('customer.subscription.deleted', { id: 'sub_b', customer: customerId });
    const created = event('customer.subscription.created', {
      id: 'sub_b',
      customer: customerId,
      status: 'active',
    });
    await apply(stripe, deleted);
    await apply(stripe, created);
    expect(await plan(member.uid)).toBe('free');
    expect((await billing(member.uid))?.subscription.status).toBe('canceled');
  });

  it('keeps Premium to the end of a cancelled period, then the member is free', async () => {
    const { member, customerId } = await customer();
    const stripe = new Map([
      ['sub_c', subscription('sub_c', customerId, 'active', { cancel_at_period_end: true })],
    ]);
    await apply(stripe, event('customer.subscription.updated', { id: 'sub_c', customer: customerId }));
    expect(await plan(member.uid)).toBe('premium');
    expect((await billing(member.uid))?.subscription.cancel_at_period_end).toBe(true);
    stripe.set('sub_c', subscription('sub_c', customerId, 'canceled'));
    await apply(stripe, event('customer.subscription.deleted', { id: 'sub_c', customer: customerId }));
    expect(await plan(member.uid)).toBe('free');
  });

  it('a failed payment keeps Premium for the grace only: the hourly sweep ends it with no event from Stripe', async () => {
    const { member, customerId } = await customer();
    const stripe = new Map([['sub_d', subscription('sub_d', customerId, 'past_due')]]);
    const failed = event('invoice.payment_failed', {
      customer: customerId,
      parent: { subscription_details: { subscription: 'sub_d' } },
    });
    const failedAt = Date.now();
    expect(await apply(stripe, failed, failedAt)).toBe('applied');
    expect(await plan(member.uid)).toBe('premium');
    expect((await billing(member.uid))?.subscription.past_due_since).toBe(failedAt);
    const graceEnd = failedAt + PAST_DUE_GRACE_MS;
    expect((await db.collection(BILLING_GRACE).doc(member.uid).get()).get('ends_at').toMillis()).toBe(
      graceEnd,
    );
    // Stripe retries and fails again two days later: the grace still counts from the first failure.
    await apply(
      stripe,
      event('customer.subscription.updated', { id: 'sub_d', customer: customerId }),
      failedAt + 2 * DAY * 1000,
    );
    expect(await plan(member.uid)).toBe('premium');

    expect(await endLapsedGraces(db, graceEnd - 1)).not.toContain(member.uid);
    expect(await plan(member.uid)).toBe('premium');
    expect(await endLapsedGraces(db, graceEnd)).toContain(member.uid);
    expect(await plan(member.uid)).toBe('free');
    expect((await db.collection(BILLING_GRACE).doc(member.uid).get()).exists).toBe(false);

    // The card is updated and the payment goes through: Premium again, no grace left.
    stripe.set('sub_d', subscription('sub_d', customerId, 'active'));
    await apply(stripe, event('customer.subscription.updated', { id: 'sub_d', customer: customerId }));
    expect(await plan(member.uid)).toBe('premium');
    expect((await billing(member.uid))?.subscription.past_due_since).toBeNull();
  });

  it('an event that arrives after the grace leaves the member free, and so does Stripe giving up', async () => {
    const { member, customerId } = await customer();
    const stripe = new Map([['sub_d2', subscription('sub_d2', customerId, 'past_due')]]);
    const updated = () => event('customer.subscription.updated', { id: 'sub_d2', customer: customerId });
    const failedAt = Date.now();
    await apply(stripe, updated(), failedAt);
    await apply(stripe, updated(), failedAt + PAST_DUE_GRACE_MS + 1);
    expect(await plan(member.uid)).toBe('free');
    // The sweep then only removes the marker.
    expect(await endLapsedGraces(db, failedAt + PAST_DUE_GRACE_MS + 1)).toContain(member.uid);
    expect((await db.collection(BILLING_GRACE).doc(member.uid).get()).exists).toBe(false);
    stripe.set('sub_d2', subscription('sub_d2', customerId, 'unpaid'));
    await apply(stripe, updated());
    expect(await plan(member.uid)).toBe('free');
  });

  it('a live subscription to any price but Premium leaves the member free', async () => {
    const { member, customerId } = await customer();
    const other = subscription('sub_cheap', customerId, 'active', {
      items: {
        object: 'list',
        data: [{ id: 'si_cheap', current_period_end: 2_000_000_000, price: { id: 'price_cheap' } }],
      },
    } as never);
    const stripe = new Map([['sub_cheap', other]]);
    expect(
      await apply(stripe, event('customer.subscription.created', { id: 'sub_cheap', customer: customerId })),
    ).toBe('applied');
    expect(await plan(member.uid)).toBe('free');
    expect((await billing(member.uid))?.subscription).toMatchObject({
      id: 'sub_cheap',
      price_ids: ['price_cheap'],
      premium_price: false,
    });
  });

  it('cancels a second live subscription in Stripe and says so in the audit log; the plan follows the first', async () => {
    const { member, customerId } = await customer();
    const stripe = new Map([
      ['sub_first', subscription('sub_first', customerId, 'active')],
      ['sub_second', subscription('sub_second', customerId, 'active')],
    ]);
    await apply(stripe, event('customer.subscription.created', { id: 'sub_first', customer: customerId }));
    const second = event('customer.subscription.created', { id: 'sub_second', customer: customerId });
    expect(await apply(stripe, second)).toBe('cancelled');
    expect(stripe.get('sub_second')?.status).toBe('canceled');
    expect(stripe.get('sub_first')?.status).toBe('active');
    expect(await plan(member.uid)).toBe('premium');
    expect((await billing(member.uid))?.subscription.id).toBe('sub_first');
    const entries = await db
      .collection(ADMIN_AUDIT_COLLECTION)
      .where('target_uid', '==', member.uid)
      .where('action', '==', 'cancel-second-subscription')
      .get();
    expect(entries.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({
        actor_uid: WEBHOOK_ACTOR,
        before: expect.objectContaining({ subscription: 'sub_second', status: 'active' }),
        after: { status: 'canceled', kept: 'sub_first' },
      }),
    ]);
    // Stripe's word of the cancellation changes nothing more.
    await apply(stripe, event('customer.subscription.deleted', { id: 'sub_second', customer: customerId }));
    expect((await billing(member.uid))?.subscription.id).toBe('sub_first');
    expect(await plan(member.uid)).toBe('premium');
  });

  it('a subscription that begins with a trial records the trial claim Checkout carried, and nothing else does', async () => {
    const { customerId } = await customer();
    const key = trialClaimKey(`${uniqueId('claim')}@example.com`);
    const stripe = new Map([
      [
        'sub_trial',
        subscription('sub_trial', customerId, 'trialing', {
          trial_end: Math.floor(Date.now() / 1000) + 14 * DAY,
          metadata: { [TRIAL_CLAIM_METADATA]: key },
        }),
      ],
    ]);
    await apply(stripe, event('customer.subscription.created', { id: 'sub_trial', customer: customerId }));
    const claim = await db.collection(TRIAL_CLAIMS).doc(key).get();
    expect(claim.exists).toBe(true);
    expect(Object.keys(claim.data() ?? {}).sort()).toEqual(['claimed_at', 'expires_at']);
  });

  it('a late event about an old, ended subscription does not end a newer paid one', async () => {
    const { member, customerId } = await customer();
    const stripe = new Map([
      ['sub_old', subscription('sub_old', customerId, 'canceled')],
      ['sub_new', subscription('sub_new', customerId, 'active')],
    ]);
    await apply(stripe, event('customer.subscription.created', { id: 'sub_new', customer: customerId }));
    await apply(stripe, event('customer.subscription.deleted', { id: 'sub_old', customer: customerId }));
    expect(await plan(member.uid)).toBe('premium');
    expect((await billing(member.uid))?.subscription.id).toBe('sub_new');
  });

  it('the same event delivered twice at once is applied once', async () => {
    const { member, customerId } = await customer();
    const stripe = new Map([['sub_e', subscription('sub_e', customerId, 'trialing', { trial_end: 1 })]]);
    const created = event('customer.subscription.created', { id: 'sub_e', customer: customerId });
    const outcomes = await Promise.all([apply(stripe, created), apply(stripe, created)]);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    expect(await billing(member.uid)).toMatchObject({
      trial_used: true,
      subscription: { status: 'trialing' },
    });
  });

  it('ignores a customer not ours, a subscription of another customer and one Stripe does not have', async () => {
    const { member, customerId } = await customer();
    const stripe = new Map([['sub_f', subscription('sub_f', 'cus_someone_else', 'active')]]);
    const stranger = event('customer.subscription.created', { id: 'sub_f', customer: 'cus_unknown' });
    expect(await apply(stripe, stranger)).toBe('ignored');
    // The event claims our member's customer, but Stripe says the subscription is someone else's.
    const claimed = event('customer.subscription.created', { id: 'sub_f', customer: customerId });
    expect(await apply(stripe, claimed)).toBe('ignored');
    const missing = event('customer.subscription.updated', { id: 'sub_gone', customer: customerId });
    expect(await apply(stripe, missing)).toBe('ignored');
    expect(await plan(member.uid)).toBe('free');
    expect(await billing(member.uid)).toBeUndefined();
  });

  it('keeps an admin grant when a paid subscription ends', async () => {
    const { member, customerId } = await customer();
    await db.doc(`profiles/${member.uid}/private/billing`).set({ grant: { by: 'admin-x', at: 1 } });
    const stripe = new Map([['sub_g', subscription('sub_g', customerId, 'canceled')]]);
    await apply(stripe, event('customer.subscription.deleted', { id: 'sub_g', customer: customerId }));
    expect(await plan(member.uid)).toBe('premium');
  });
});
