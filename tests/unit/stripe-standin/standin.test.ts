// The Stripe stand-in, driven by the real Stripe SDK and a webhook receiver that
// verifies every delivery the way the Shelfmark webhook will (constructEvent).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startStripeStandin, type StripeStandin } from '../../../scripts/stripe-standin/index.ts';
import type { StandinState } from '../../../scripts/stripe-standin/types.ts';

const SECRET = 'whsec_test_standin';
const PRICE = 'price_shelfmark_premium_monthly';
const DAY = 86_400;
/** The stand-in clock starts on 31 January 2027, 12:00 UTC: a month later is 28 February. */
const START_MS = Date.UTC(2027, 0, 31, 12);
const START = START_MS / 1000;
const ONE_MONTH_LATER = Date.UTC(2027, 1, 28, 12) / 1000;

interface Receiver {
  url: string;
  events: Stripe.Event[];
  /** Bodies that did not verify (should stay empty). */
  rejected: string[];
  /** The next n deliveries are answered 500 (and not counted as received). */
  failNext: number;
  close(): Promise<void>;
}

/** A webhook endpoint that accepts only deliveries whose Stripe-Signature verifies. */
async function startReceiver(): Promise<Receiver> {
  const verifier = new Stripe('sk_test_receiver');
  const receiver: Receiver = {
    url: '',
    events: [],
    rejected: [],
    failNext: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (receiver.failNext > 0) {
        receiver.failNext--;
        res.writeHead(500).end('try again');
        return;
      }
      try {
        const header = req.headers['stripe-signature'] ?? '';
        receiver.events.push(verifier.webhooks.constructEvent(raw, header, SECRET));
        res.writeHead(200).end('ok');
      } catch (error) {
        receiver.rejected.push(`${String(error)}: ${raw.toString()}`);
        res.writeHead(400).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stripeWebhook`;
  return receiver;
}

let dir: string;
let receiver: Receiver;
let standin: StripeStandin;
let stripe: Stripe;
let logLines: string[];

async function start(stateFile?: string, webhookUrl = receiver.url): Promise<void> {
  logLines = [];
  standin = await startStripeStandin({
    port: 0,
    webhookUrl,
    webhookSecret: SECRET,
    stateFile,
    now: () => START_MS,
    log: (line) => logLines.push(line),
  });
  const { port } = new URL(standin.url);
  stripe = new Stripe('sk_test_standin', { host: '127.0.0.1', port: Number(port), protocol: 'http' });
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stripe-standin-'));
  receiver = await startReceiver();
  await start();
});

afterEach(async () => {
  await standin.close();
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

const types = () => receiver.events.map((e) => e.type);

async function newCustomer() {
  return stripe.customers.create({ email: 'reader@example.com', name: 'Reader', metadata: { uid: 'u1' } });
}

async function newSession(customer: string, trialDays?: number, allowPromotionCodes = true) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: 'u1',
    line_items: [{ price: PRICE, quantity: 1 }],
    success_url: 'http://localhost:4321/premium/welcome?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:4321/premium',
    subscription_data: { metadata: { uid: 'u1' }, ...(trialDays ? { trial_period_days: trialDays } : {}) },
    ...(allowPromotionCodes ? { allow_promotion_codes: true } : {}),
    metadata: { uid: 'u1' },
  });
}

async function getPage(url: string) {
  const response = await fetch(url);
  return { status: response.status, html: await response.text() };
}

/** Submits the page's form whose button has this exact name, as a browser would, with what was typed into its fields. */
async function submit(pageUrl: string, html: string, buttonName: string, typed: Record<string, string> = {}) {
  const form = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)].find((m) =>
    (m[2] ?? '').includes(`<button type="submit">${buttonName}</button>`),
  );
  if (!form?.[1]) throw new Error(`no form with a '${buttonName}' button in:\n${html}`);
  const fields = new URLSearchParams();
  for (const input of (form[2] ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields.set(input[1] ?? '', input[2] ?? '');
  for (const [name, value] of Object.entries(typed)) {
    if (!(form[2] ?? '').includes(`name="${name}"`)) throw new Error(`the form has no field '${name}'`);
    fields.set(name, value);
  }
  const response = await fetch(new URL(form[1], pageUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

async function control(path: string, body: unknown) {
  const response = await fetch(`${standin.url}/_standin/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function state(): Promise<StandinState> {
  return (await (await fetch(`${standin.url}/_standin/state`)).json()) as StandinState;
}

/** Customer, checkout and payment: the subscription id. */
async function subscribe(trialDays?: number): Promise<string> {
  const customer = await newCustomer();
  const session = await newSession(customer.id, trialDays);
  const page = await getPage(session.url ?? '');
  const paid = await submit(session.url ?? '', page.html, 'Pay');
  expect(paid.status).toBe(303);
  const completed = await stripe.checkout.sessions.retrieve(session.id);
  return String(completed.subscription);
}

describe('Checkout', () => {
  it('creates a customer and an open session whose page offers Pay for $5.00 per month', async () => {
    const customer = await newCustomer();
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'reader@example.com',
      metadata: { uid: 'u1' },
    });
    expect(customer.id).toMatch(/^cus_/);

    const session = await newSession(customer.id);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      customer: customer.id,
      client_reference_id: 'u1',
      amount_total: 500,
      metadata: { uid: 'u1' },
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${standin.url}/checkout/${session.id}`);

    const page = await getPage(session.url ?? '');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<button type="submit">Pay</button>');
    expect(page.html).toContain('$5.00 per month');
    expect(page.html).not.toContain('free trial');
    expect(page.html).toContain('<label for="promotion-code">Promotion code</label>');
    expect(page.html).toContain('<a href="http://localhost:4321/premium">');
    expect(page.html).not.toMatch(/<script|<style| style=/);
  });

  it('pays: delivers subscription.created then checkout.session.completed, signed, and redirects with the session id', async () => {
    const customer = await newCustomer();
    const session = await newSession(customer.id);
    const page = await getPage(session.url ?? '');
    const paid = await submit(session.url ?? '', page.html, 'Pay');

    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://localhost:4321/premium/welcome?session_id=${session.id}`);
    // The page answered after the deliveries: the events are already there.
    expect(receiver.rejected).toEqual([]);
    expect(types()).toEqual(['customer.subscription.created', 'checkout.session.completed']);
    const [created, completed] = receiver.events as [Stripe.Event, Stripe.Event];
    expect(created.id).toMatch(/^evt_/);
    expect(created).toMatchObject({
      object: 'event',
      livemode: false,
      api_version: Stripe.API_VERSION,
      created: START,
    });

    const completedSession = completed.data.object as Stripe.Checkout.Session;
    expect(completedSession).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'u1',
      customer: customer.id,
    });
    const subscriptionId = String(completedSession.subscription);
    expect(subscriptionId).toMatch(/^sub_/);
    expect((created.data.object as Stripe.Subscription).id).toBe(subscriptionId);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved).toMatchObject({ status: 'complete', subscription: subscriptionId });

    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({
      object: 'subscription',
      customer: customer.id,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_start: null,
      trial_end: null,
      start_date: START,
      metadata: { uid: 'u1' },
    });
    const item = subscription.items.data[0];
    expect(item).toMatchObject({
      object: 'subscription_item',
      quantity: 1,
      current_period_start: START,
      current_period_end: ONE_MONTH_LATER,
      price: {
        id: PRICE,
        object: 'price',
        unit_amount: 500,
        currency: 'usd',
        recurring: { interval: 'month' },
      },
    });
    expect(item?.id).toMatch(/^si_/);
  });

  it('with trial days: shows the trial, and paying starts a trialing subscription until the trial ends', async () => {
    const customer = await newCustomer();
    const session = await newSession(customer.id, 14);
    expect(session.amount_total).toBe(0);
    const page = await getPage(session.url ?? '');
    expect(page.html).toContain('14-day free trial');

    await submit(session.url ?? '', page.html, 'Pay');
    const completed = receiver.events[1]?.data.object as Stripe.Checkout.Session;
    expect(completed.payment_status).toBe('no_payment_required');
    const subscription = await stripe.subscriptions.retrieve(String(completed.subscription));
    expect(subscription).toMatchObject({
      status: 'trialing',
      trial_start: START,
      trial_end: START + 14 * DAY,
    });
    expect(subscription.items.data[0]).toMatchObject({
      current_period_start: START,
      current_period_end: START + 14 * DAY,
    });
  });

  it('redeems the default HOLIDAY50 (50% off once): the session charges half, the discount names the code and coupon', async () => {
    const customer = await newCustomer();
    const session = await newSession(customer.id);
    const page = await getPage(session.url ?? '');
    expect(page.html).toContain('<input id="promotion-code" name="promotion_code"');
    const paid = await submit(session.url ?? '', page.html, 'Pay', { promotion_code: ' holiday50 ' });
    expect(paid.status).toBe(303);

    const completed = await stripe.checkout.sessions.retrieve(session.id);
    const promo = Object.values((await state()).promotionCodes).find((p) => p.code === 'HOLIDAY50');
    expect(promo).toMatchObject({ active: true, times_redeemed: 1 });
    expect(completed.discounts).toEqual([{ coupon: null, promotion_code: promo?.id }]);
    expect(completed).toMatchObject({ amount_subtotal: 500, amount_total: 250 });
    expect(completed.total_details?.amount_discount).toBe(250);
    const subscription = await stripe.subscriptions.retrieve(String(completed.subscription));
    expect(subscription.discounts).toHaveLength(1);
    const discountId = String(subscription.discounts[0]);
    expect(discountId).toMatch(/^di_/);
    expect((await state()).discounts[discountId]).toMatchObject({
      object: 'discount',
      promotion_code: promo?.id,
      source: { coupon: promo?.promotion.coupon, type: 'coupon' },
      customer: customer.id,
      subscription: subscription.id,
      checkout_session: session.id,
    });
  });

  it('takes an amount off through a promotion code made in the API, and off every renewal when forever', async () => {
    const coupon = await stripe.coupons.create({ amount_off: 150, currency: 'usd', duration: 'forever' });
    const promo = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'READER',
    });
    expect(promo).toMatchObject({
      object: 'promotion_code',
      code: 'READER',
      active: true,
      times_redeemed: 0,
    });
    const customer = await newCustomer();
    const session = await newSession(customer.id);
    const page = await getPage(session.url ?? '');
    await submit(session.url ?? '', page.html, 'Pay', { promotion_code: 'READER' });
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed.amount_total).toBe(350);
    const failed = await control('payment-failed', { subscription: completed.subscription });
    const invoiceId = (failed.json.subscription as { latest_invoice: string }).latest_invoice;
    expect((await state()).invoices[invoiceId]).toMatchObject({ subtotal: 500, amount_due: 350, total: 350 });
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
  });

  it('refuses a code that is unknown, switched off, expired or used up, and charges nothing for it', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 100, duration: 'once' });
    const promotion = { type: 'coupon' as const, coupon: coupon.id };
    const off = await stripe.promotionCodes.create({ promotion, code: 'SWITCHEDOFF' });
    await stripe.promotionCodes.update(off.id, { active: false });
    await stripe.promotionCodes.create({ promotion, code: 'SHORTLIVED', expires_at: START + 3600 });
    await stripe.promotionCodes.create({ promotion, code: 'ONEONLY', max_redemptions: 1 });
    const customer = await newCustomer();
    const first = await newSession(customer.id);
    await submit(first.url ?? '', (await getPage(first.url ?? '')).html, 'Pay', {
      promotion_code: 'ONEONLY',
    });
    expect((await stripe.checkout.sessions.retrieve(first.id)).amount_total).toBe(0);
    await standin.advanceClock(7200);

    const session = await newSession(customer.id);
    for (const [code, said] of [
      ['NOSUCHCODE', 'This code is invalid.'],
      ['SWITCHEDOFF', 'This code is no longer active.'],
      ['SHORTLIVED', 'This code has expired.'],
      ['ONEONLY', 'This code has reached its limit of redemptions.'],
    ] as const) {
      const refused = await submit(session.url ?? '', (await getPage(session.url ?? '')).html, 'Pay', {
        promotion_code: code,
      });
      expect(refused.status).toBe(400);
      expect(refused.html).toContain(said);
    }
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      amount_total: 500,
    });
  });

  it('refuses a promotion code that expires in the past, as Stripe does', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 10, duration: 'once' });
    await expect(
      stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: coupon.id },
        expires_at: START - 1,
      }),
    ).rejects.toThrow(/expires_at/);
  });

  it('without a code entered, the session and the subscription carry no discount', async () => {
    const subscriptionId = await subscribe();
    expect((await stripe.subscriptions.retrieve(subscriptionId)).discounts).toEqual([]);
    expect((await state()).discounts).toEqual({});
  });

  it('expires an open session on request: its page says so and it can no longer be paid', async () => {
    const customer = await newCustomer();
    const session = await newSession(customer.id);
    expect(await stripe.checkout.sessions.expire(session.id)).toMatchObject({ status: 'expired', url: null });
    expect((await getPage(session.url ?? '')).html).toContain('This checkout session has expired.');
    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(410);
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toThrow(/status in \["open"\]/);
  });

  it('learns another price, so a checkout can buy it', async () => {
    const learned = await control('prices', { id: 'price_other_monthly', unitAmount: 100 });
    expect(learned.json).toMatchObject({ id: 'price_other_monthly', unit_amount: 100, object: 'price' });
    const customer = await newCustomer();
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_other_monthly', quantity: 1 }],
      success_url: 'http://localhost:4321/ok',
    });
    expect(session.amount_total).toBe(100);
  });

  it('a session that does not allow promotion codes shows no field and refuses a code', async () => {
    const customer = await newCustomer();
    const session = await newSession(customer.id, undefined, false);
    const page = await getPage(session.url ?? '');
    expect(page.html).not.toContain('Promotion code');
    const refused = await fetch(`${session.url}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'promotion_code=HOLIDAY50',
      redirect: 'manual',
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('does not accept promotion codes');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('refuses to pay a session twice or an unknown one, and creates nothing', async () => {
    const customer = await newCustomer();
    const session = await newSession(customer.id);
    const page = await getPage(session.url ?? '');
    await submit(session.url ?? '', page.html, 'Pay');
    const before = await state();

    const again = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('already been paid');
    const unknown = await fetch(`${standin.url}/checkout/cs_test_nothing/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(unknown.status).toBe(404);
    expect((await getPage(`${standin.url}/checkout/cs_test_nothing`)).status).toBe(404);

    const after = await state();
    expect(Object.keys(after.subscriptions)).toEqual(Object.keys(before.subscriptions));
    expect(after.events.length).toBe(before.events.length);
    expect(types()).toEqual(['customer.subscription.created', 'checkout.session.completed']);
  });
});

describe('refusals', () => {
  it('refuses a checkout session without price, customer or success_url, in another mode, or for an unknown price', async () => {
    const customer = await newCustomer();
    const base = {
      mode: 'subscription' as const,
      customer: customer.id,
      line_items: [{ price: PRICE, quantity: 1 }],
      success_url: 'http://localhost:4321/ok',
    };
    const refused = (params: Stripe.Checkout.SessionCreateParams, param: string) =>
      expect(stripe.checkout.sessions.create(params)).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        param,
      });
    await refused({ ...base, line_items: [{ quantity: 1 }] }, 'line_items[0][price]');
    await refused({ ...base, line_items: [{ price: 'price_unknown', quantity: 1 }] }, 'line_items[0][price]');
    await refused({ ...base, customer: undefined }, 'customer');
    await refused({ ...base, customer: 'cus_nobody' }, 'customer');
    await refused({ ...base, success_url: undefined }, 'success_url');
    await refused({ ...base, mode: 'payment' }, 'mode');
    expect(Object.keys((await state()).checkoutSessions)).toEqual([]);
  });

  it('answers an unknown subscription with resource_missing (404)', async () => {
    await expect(stripe.subscriptions.retrieve('sub_nothing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('answers an unplanned call 404 with a Stripe error naming it, and logs it', async () => {
    const error = await stripe.invoices.retrieve('in_123').catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 404, type: 'StripeInvalidRequestError' });
    expect((error as Error).message).toContain('GET: /v1/invoices/in_123');
    expect(logLines.some((line) => line.includes('unplanned request GET /v1/invoices/in_123'))).toBe(true);

    const page = await fetch(`${standin.url}/somewhere`);
    expect(page.status).toBe(404);
    expect(((await page.json()) as { error: { message: string } }).error.message).toContain(
      'GET: /somewhere',
    );
  });

  it('refuses an API call without a secret key', async () => {
    const response = await fetch(`${standin.url}/v1/customers`, { method: 'POST', body: 'email=x' });
    expect(response.status).toBe(401);
  });
});

describe('customer portal', () => {
  it('cancels at period end: updated event, the page says when it ends; past the period end it is deleted', async () => {
    const subscriptionId = await subscribe();
    const customer = (await stripe.subscriptions.retrieve(subscriptionId)).customer as string;
    const portal = await stripe.billingPortal.sessions.create({
      customer,
      return_url: 'http://localhost:4321/account',
    });
    expect(portal.object).toBe('billing_portal.session');
    expect(portal.id).toMatch(/^bps_/);
    expect(portal.url).toBe(`${standin.url}/portal/${portal.id}`);

    const page = await getPage(portal.url);
    expect(page.html).toContain('Status: Active');
    expect(page.html).toContain('Renews on February 28, 2027.');
    expect(page.html).toContain('<a href="http://localhost:4321/account">Return to Shelfmark</a>');

    const cancelled = await submit(portal.url, page.html, 'Cancel subscription');
    expect(cancelled.status).toBe(200);
    expect(cancelled.html).toContain('It ends on February 28, 2027.');
    expect(cancelled.html).toContain('Ends on February 28, 2027.');
    expect(cancelled.html).not.toContain('Cancel subscription</button>');

    const updated = receiver.events.at(-1);
    expect(updated?.type).toBe('customer.subscription.updated');
    expect(updated?.data.object).toMatchObject({
      id: subscriptionId,
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: ONE_MONTH_LATER,
    });
    expect(updated?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });

    // A day before the period end nothing happens; past it the subscription ends.
    await standin.advanceClock(ONE_MONTH_LATER - START - DAY);
    expect(receiver.events.at(-1)?.type).toBe('customer.subscription.updated');
    await standin.advanceClock(DAY);
    expect(receiver.events.at(-1)?.type).toBe('customer.subscription.deleted');
    const ended = await stripe.subscriptions.retrieve(subscriptionId);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: ONE_MONTH_LATER });
    expect((await getPage(portal.url)).html).toContain('You have no current subscription.');
  });
});

describe('cancelling at once', () => {
  it('ends the subscription now with a deleted event; a second cancel changes nothing and sends nothing', async () => {
    const subscriptionId = await subscribe();
    const ended = await stripe.subscriptions.cancel(subscriptionId);
    expect(ended).toMatchObject({ id: subscriptionId, status: 'canceled', ended_at: START });
    // The answer does not wait for the webhook (the receiver may be the one cancelling).
    await vi.waitFor(() => expect(receiver.events.at(-1)?.type).toBe('customer.subscription.deleted'));
    expect(receiver.events.at(-1)).toMatchObject({
      type: 'customer.subscription.deleted',
      data: { object: { id: subscriptionId, status: 'canceled' } },
    });
    const count = receiver.events.length;
    expect((await stripe.subscriptions.cancel(subscriptionId)).status).toBe('canceled');
    expect(receiver.events).toHaveLength(count);
    await expect(stripe.subscriptions.cancel('sub_nobody')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('test controls', () => {
  it('trial end: advancing the clock past it makes the subscription active with a paid monthly period', async () => {
    const subscriptionId = await subscribe(14);
    const trialEnd = START + 14 * DAY;
    const advanced = await control('clock/advance', { seconds: 15 * DAY });
    expect(advanced.status).toBe(200);
    expect(advanced.json.now).toBe(START + 15 * DAY);
    expect(receiver.events.at(-1)).toMatchObject({
      type: 'customer.subscription.updated',
      created: START + 15 * DAY,
      data: { previous_attributes: { status: 'trialing' } },
    });
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.status).toBe('active');
    expect(subscription.items.data[0]).toMatchObject({
      current_period_start: trialEnd,
      current_period_end: Date.UTC(2027, 2, 14, 12) / 1000,
    });
  });

  it('renews an active subscription once per period passed', async () => {
    const subscriptionId = await subscribe();
    const before = receiver.events.length;
    await control('clock/advance', { seconds: 60 * DAY });
    expect(types().slice(before)).toEqual(['customer.subscription.updated', 'customer.subscription.updated']);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    // Anchored on the 31st: February 28, then March 31, then April 30.
    expect(subscription.items.data[0]).toMatchObject({
      current_period_start: Date.UTC(2027, 2, 31, 12) / 1000,
      current_period_end: Date.UTC(2027, 3, 30, 12) / 1000,
    });
  });

  it('payment failed: an invoice.payment_failed naming the subscription, then the subscription past due', async () => {
    const subscriptionId = await subscribe();
    const failed = await control('payment-failed', { subscription: subscriptionId });
    expect(failed.status).toBe(200);
    expect(types().slice(-2)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    const invoice = receiver.events.at(-2)?.data.object as Stripe.Invoice;
    expect(invoice.object).toBe('invoice');
    expect(invoice.id).toMatch(/^in_/);
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscriptionId);
    expect(receiver.events.at(-1)?.data.object).toMatchObject({ id: subscriptionId, status: 'past_due' });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('past_due');

    expect((await control('payment-failed', { subscription: 'sub_nothing' })).status).toBe(404);
    expect((await control('payment-failed', {})).status).toBe(400);
  });

  it('reset forgets every object', async () => {
    await subscribe();
    expect((await control('reset', {})).status).toBe(200);
    const after = await state();
    expect(after.customers).toEqual({});
    expect(after.subscriptions).toEqual({});
    expect(after.events).toEqual([]);
  });
});

describe('state file', () => {
  it('keeps the objects and the clock across a restart', async () => {
    await standin.close();
    const stateFile = join(dir, 'stripe.json');
    await start(stateFile);
    const subscriptionId = await subscribe();
    await standin.advanceClock(DAY);
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as StandinState;
    expect(Object.keys(saved.subscriptions)).toEqual([subscriptionId]);
    expect(saved.deliveries.map((d) => d.status)).toEqual(['delivered', 'delivered']);

    await standin.close();
    await start(stateFile);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.status).toBe('active');
    const reloaded = await state();
    expect(reloaded.clockOffsetMs).toBe(DAY * 1000);
    expect(reloaded.deliveries).toHaveLength(2);
  });
});

describe('webhook delivery', () => {
  it('retries a delivery the receiver answered 500, and keeps the order', async () => {
    receiver.failNext = 1;
    await subscribe();
    expect(types()).toEqual(['customer.subscription.created', 'checkout.session.completed']);
    const { deliveries } = await state();
    expect(deliveries.map((d) => [d.type, d.status, d.attempts.map((a) => a.status)])).toEqual([
      ['customer.subscription.created', 'delivered', [500, 200]],
      ['checkout.session.completed', 'delivered', [200]],
    ]);
  });

  it('gives up after three retries without failing the page, and logs it', async () => {
    await standin.close();
    const gone = await startReceiver();
    await gone.close();
    await start(undefined, gone.url);
    await subscribe();
    const { deliveries } = await state();
    expect(deliveries.map((d) => [d.status, d.attempts.length])).toEqual([
      ['failed', 4],
      ['failed', 4],
    ]);
    expect(logLines.filter((line) => line.includes('NOT delivered'))).toHaveLength(2);
  }, 15_000);
});
