// The billing webhook. Over HTTP on the functions emulator: only a request
// signed with the webhook secret within 5 minutes is accepted, and each event
// is processed once. Directly (applyStripeEvent against the Firestore emulator,
// with a Stripe whose subscriptions are whatever the test says Stripe holds
// now): the plan always ends as the subscription says, whatever order, repeats
// or concurrency the events come in.
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { BILLING_CUSTOMERS, BILLING_EVENTS } from '../../src/domain/billing';
import { applyStripeEvent } from '../../functions/src/billing/webhook';
import { STANDIN_DEFAULTS } from '../../functions/src/billing/stripe';
import { PROJECT_ID, adminDb, uniqueId } from './emulator';
import { functionsOrigin } from './callable';
import { makeMember } from './profile-members';

const db = adminDb();
const sdk = new Stripe(STANDIN_DEFAULTS.secretKey);
const DAY = 86_400;
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
    items: { object: 'list', data: [{ id: `si_${id}`, current_period_end: periodEnd }] },
    ...extra,
  } as unknown as Stripe.Subscription;
}

/** A Stripe that holds `subscriptions` (changed by the test as Stripe would change them) and answers retrieve. */
function fakeStripe(subscriptions: Map<string, Stripe.Subscription>): Stripe {
  return {
    subscriptions: {
      retrieve: async (id: string) => {
        const found = subscriptions.get(id);
        if (found === undefined) throw Object.assign(new Error('No such subscription'), { statusCode: 404 });
        return found;
      },
    },
  } as unknown as Stripe;
}

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
    expect(await applyStripeEvent(db, fakeStripe(stripe), completed)).toBe('applied');
    expect(await plan(member.uid)).toBe('premium');
    expect(await billing(member.uid)).toMatchObject({
      customer_id: customerId,
      subscription: { id: 'sub_a', status: 'active', cancel_at_period_end: false },
      trial_used: false,
      grant: null,
    });
    stripe.set('sub_a', subscription('sub_a', customerId, 'canceled'));
    expect(await applyStripeEvent(db, fakeStripe(stripe), completed)).toBe('duplicate');
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
    await applyStripeEvent(db, fakeStripe(stripe), deleted);
    await applyStripeEvent(db, fakeStripe(stripe), created);
    expect(await plan(member.uid)).toBe('free');
    expect((await billing(member.uid))?.subscription.status).toBe('canceled');
  });

  it('keeps Premium to the end of a cancelled period, then the member is free', async () => {
    const { member, customerId } = await customer();
    const stripe = new Map([
      ['sub_c', subscription('sub_c', customerId, 'active', { cancel_at_period_end: true })],
    ]);
    await applyStripeEvent(
      db,
      fakeStripe(stripe),
      event('customer.subscription.updated', { id: 'sub_c', customer: customerId }),
    );
    expect(await plan(member.uid)).toBe('premium');
    expect((await billing(member.uid))?.subscription.cancel_at_period_end).toBe(true);
    stripe.set('sub_c', subscription('sub_c', customerId, 'canceled'));
    await applyStripeEvent(
      db,
      fakeStripe(stripe),
      event('customer.subscription.deleted', { id: 'sub_c', customer: customerId }),
    );
    expect(await plan(member.uid)).toBe('free');
  });

  it('a failed payment keeps Premium while Stripe retries (past_due), and it ends when Stripe gives up', async () => {
    const { member, customerId } = await customer();
    const stripe = new Map([['sub_d', subscription('sub_d', customerId, 'past_due')]]);
    const failed = event('invoice.payment_failed', {
      customer: customerId,
      parent: { subscription_details: { subscription: 'sub_d' } },
    });
    expect(await applyStripeEvent(db, fakeStripe(stripe), failed)).toBe('applied');
    expect(await plan(member.uid)).toBe('premium');
    stripe.set('sub_d', subscription('sub_d', customerId, 'unpaid'));
    await applyStripeEvent(
      db,
      fakeStripe(stripe),
      event('customer.subscription.updated', { id: 'sub_d', customer: customerId }),
    );
    expect(await plan(member.uid)).toBe('free');
  });

  it('a late event about an old, ended subscription does not end a newer paid one', async () => {
    const { member, customerId } = await customer();
    const stripe = new Map([
      ['sub_old', subscription('sub_old', customerId, 'canceled')],
      ['sub_new', subscription('sub_new', customerId, 'active')],
    ]);
    await applyStripeEvent(
      db,
      fakeStripe(stripe),
      event('customer.subscription.created', { id: 'sub_new', customer: customerId }),
    );
    await applyStripeEvent(
      db,
      fakeStripe(stripe),
      event('customer.subscription.deleted', { id: 'sub_old', customer: customerId }),
    );
    expect(await plan(member.uid)).toBe('premium');
    expect((await billing(member.uid))?.subscription.id).toBe('sub_new');
  });

  it('the same event delivered twice at once is applied once', async () => {
    const { member, customerId } = await customer();
    const stripe = new Map([['sub_e', subscription('sub_e', customerId, 'trialing', { trial_end: 1 })]]);
    const created = event('customer.subscription.created', { id: 'sub_e', customer: customerId });
    const outcomes = await Promise.all([
      applyStripeEvent(db, fakeStripe(stripe), created),
      applyStripeEvent(db, fakeStripe(stripe), created),
    ]);
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
    expect(await applyStripeEvent(db, fakeStripe(stripe), stranger)).toBe('ignored');
    // The event claims our member's customer, but Stripe says the subscription is someone else's.
    const claimed = event('customer.subscription.created', { id: 'sub_f', customer: customerId });
    expect(await applyStripeEvent(db, fakeStripe(stripe), claimed)).toBe('ignored');
    const missing = event('customer.subscription.updated', { id: 'sub_gone', customer: customerId });
    expect(await applyStripeEvent(db, fakeStripe(stripe), missing)).toBe('ignored');
    expect(await plan(member.uid)).toBe('free');
    expect(await billing(member.uid)).toBeUndefined();
  });

  it('keeps an admin grant when a paid subscription ends', async () => {
    const { member, customerId } = await customer();
    await db.doc(`profiles/${member.uid}/private/billing`).set({ grant: { by: 'admin-x', at: 1 } });
    const stripe = new Map([['sub_g', subscription('sub_g', customerId, 'canceled')]]);
    await applyStripeEvent(
      db,
      fakeStripe(stripe),
      event('customer.subscription.deleted', { id: 'sub_g', customer: customerId }),
    );
    expect(await plan(member.uid)).toBe('premium');
  });
});
