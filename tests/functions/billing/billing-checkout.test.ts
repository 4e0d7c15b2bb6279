// Buying Premium end to end on the emulators with the local Stripe stand-in that
// scripts/test-with-emulators.mjs runs for the whole test run, on the port the
// functions are configured with: the callables open Checkout and the portal for
// the caller only, at the server's price, and only the signed webhooks the
// stand-in sends change the plan.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, TRIAL_CLAIMS, type AccountPlan } from '../../../src/domain/billing/billing';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';
import { STANDIN_URL } from '../../../scripts/lib/stripe-standin.mjs';
import { STANDIN_DEFAULTS } from '../../../functions/src/billing/stripe';
import { FREE_ACCOUNT_PLAN } from '../../shared/billing';
import { adminDb, eventually, uniqueId } from '../helpers/emulator';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const DAY = 86_400;
/** The SDK on the stand-in, as an admin in Stripe's dashboard (or anyone with the key) would use Stripe. */
const sdk = new Stripe(STANDIN_DEFAULTS.secretKey, {
  host: new URL(STANDIN_URL).hostname,
  port: Number(new URL(STANDIN_URL).port),
  protocol: 'http',
});

/** The stand-in clock, in Unix seconds. */
async function standinNow(): Promise<number> {
  const { clockOffsetMs } = (await (await fetch(`${STANDIN_URL}/_standin/state`)).json()) as {
    clockOffsetMs: number;
  };
  return Math.floor((Date.now() + clockOffsetMs) / 1000);
}

/** Presses Pay on a Checkout page with a promotion code typed in; the raw answer. */
async function payWithCode(url: string, code: string): Promise<Response> {
  return fetch(`${url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ promotion_code: code }).toString(),
    redirect: 'manual',
  });
}

/** A Checkout session for the member's customer at another price, opened straight in Stripe (not through startCheckout). */
async function sessionInStripe(customer: string, price: string): Promise<string> {
  const session = await sdk.checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price, quantity: 1 }],
    success_url: 'http://localhost:4321/billing/success',
  });
  return session.url ?? '';
}

/** Moves the stand-in clock on (its HTTP test control); answers once the events it caused are delivered. */
async function advanceClock(seconds: number): Promise<void> {
  const answer = await fetch(`${STANDIN_URL}/_standin/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(answer.status).toBe(200);
}

const checkout = (member: Member | undefined, data: unknown = {}) =>
  callAs<{ url: string }>('startCheckout', member, data);
const portal = (member: Member | undefined) => callAs<{ url: string }>('openBillingPortal', member, {});
const plan = async (uid: string) =>
  (await db.doc(`profiles/${uid}`).get()).get('subscription_status') as string;
const billing = async (uid: string) => (await db.doc(`profiles/${uid}/private/billing`).get()).data();
/** The plan /account shows (accountOverview's `plan`). */
const shownPlan = async (member: Member) =>
  (await callAs<{ plan: AccountPlan }>('accountOverview', member, {})).result?.plan;

/** Opens the Checkout page and presses Pay (after typing a promotion code, if given), as the member would; returns where Stripe sends them. */
async function pay(url: string, promotionCode?: string): Promise<string> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('>Pay<');
  if (promotionCode !== undefined) expect(html).toContain('name="promotion_code"');
  const paid = await fetch(`${url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body:
      promotionCode === undefined ? '' : new URLSearchParams({ promotion_code: promotionCode }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return paid.headers.get('location') ?? '';
}

/** What the stand-in holds (its HTTP test control). */
async function standinState(): Promise<{
  checkoutSessions: Record<
    string,
    {
      session: {
        allow_promotion_codes: boolean | null;
        subscription: string | null;
        discounts: unknown;
        status: string;
        customer: string;
        amount_subtotal: number;
        amount_total: number;
      };
    }
  >;
  subscriptions: Record<string, { discounts: string[]; status: string; customer: string }>;
  discounts: Record<string, { promotion_code: string }>;
}> {
  return (await (await fetch(`${STANDIN_URL}/_standin/state`)).json()) as never;
}

/** Presses 'Cancel subscription' in the portal. */
async function cancelInPortal(url: string): Promise<void> {
  const page = await (await fetch(url)).text();
  const subscription = /name="subscription" value="([^"]+)"/.exec(page)?.[1];
  expect(page).toContain('Cancel subscription');
  const cancelled = await fetch(`${url}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `subscription=${encodeURIComponent(subscription ?? '')}`,
  });
  expect(cancelled.status).toBeLessThan(400);
}

describe('startCheckout and the webhook', () => {
  it('a member upgrades, is Premium (paid), cancels, keeps Premium to the period end and is then free', async () => {
    const member = await makeMember();
    expect(await shownPlan(member)).toEqual(FREE_ACCOUNT_PLAN);
    const opened = await checkout(member);
    expect(opened.error).toBeUndefined();
    expect(opened.result?.url.startsWith(`${STANDIN_URL}/checkout/`)).toBe(true);

    const back = await pay(opened.result!.url);
    expect(back).toMatch(/^http:\/\/localhost:4321\/billing\/success\?session_id=cs_/);
    await eventually(
      () => plan(member.uid),
      (status) => status === 'premium',
    );
    expect(await billing(member.uid)).toMatchObject({
      subscription: { status: 'active' },
      trial_used: false,
    });
    const paid = await shownPlan(member);
    expect(paid).toMatchObject({ status: 'premium', source: 'paid', ends_at: null, trial_ends_at: null });
    // A month's period from the stand-in clock: it renews in 28 to 31 days (earlier tests moved the clock on).
    expect(Date.parse(paid?.renews_at ?? '')).toBeGreaterThan(Date.now() + 27 * DAY * 1000);

    const again = await checkout(member);
    expect(again.error?.message).toBe(CHECKOUT_MESSAGES.alreadyPremium);

    const opening = await portal(member);
    expect(opening.result?.url.startsWith(`${STANDIN_URL}/portal/`)).toBe(true);
    await cancelInPortal(opening.result!.url);
    await eventually(
      async () => (await billing(member.uid))?.subscription?.cancel_at_period_end,
      (cancelling) => cancelling === true,
    );
    expect(await plan(member.uid)).toBe('premium');
    expect(await shownPlan(member)).toMatchObject({ renews_at: null, ends_at: paid?.renews_at });

    await advanceClock(32 * DAY);
    await eventually(
      () => plan(member.uid),
      (status) => status === 'free',
    );
    expect((await billing(member.uid))?.subscription?.status).toBe('canceled');
    expect(await shownPlan(member)).toMatchObject({ status: 'free', source: null, ends_at: null });
  });

  it('Checkout takes a valid promotion code off what it charges, refuses an expired one, and the plan is Premium as without one', async () => {
    const coupon = await sdk.coupons.create({ percent_off: 40, duration: 'once' });
    const valid = `SPRING${uniqueId('c').replace(/[^A-Za-z0-9]/g, '')}`;
    const expired = `GONE${uniqueId('c').replace(/[^A-Za-z0-9]/g, '')}`;
    const promo = await sdk.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: valid,
    });
    await sdk.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: expired,
      expires_at: (await standinNow()) + 60,
    });
    await advanceClock(120);

    const member = await makeMember();
    const opened = await checkout(member);
    const sessionId = opened.result!.url.split('/').pop()!;
    expect((await standinState()).checkoutSessions[sessionId]?.session.allow_promotion_codes).toBe(true);

    const refused = await payWithCode(opened.result!.url, expired);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('This code has expired.');
    expect((await standinState()).checkoutSessions[sessionId]?.session.subscription).toBeNull();

    await pay(opened.result!.url, valid);
    const state = await standinState();
    const session = state.checkoutSessions[sessionId]?.session;
    expect(session).toMatchObject({ amount_subtotal: 500, amount_total: 300 });
    expect(session?.discounts).toEqual([{ coupon: null, promotion_code: promo.id }]);
    const [discountId] = state.subscriptions[session?.subscription ?? '']?.discounts ?? [];
    expect(state.discounts[discountId ?? '']?.promotion_code).toBe(promo.id);
    // The webhook is indifferent to the discount: the subscription is what makes Premium.
    await eventually(
      () => plan(member.uid),
      (status) => status === 'premium',
    );
    expect(await billing(member.uid)).toMatchObject({ subscription: { status: 'active' } });
  });

  it('a member starts the 14-day trial once, and cannot start a second after it ended', async () => {
    const member = await makeMember();
    const opened = await checkout(member, { trial: true });
    const page = await (await fetch(opened.result!.url)).text();
    expect(page).toContain('14-day free trial');
    await pay(opened.result!.url);
    await eventually(
      () => plan(member.uid),
      (status) => status === 'premium',
    );
    expect(await billing(member.uid)).toMatchObject({
      trial_used: true,
      subscription: { status: 'trialing' },
    });
    const trial = await shownPlan(member);
    expect(trial).toMatchObject({ status: 'premium', source: 'paid' });
    expect(trial?.trial_ends_at).toBe(trial?.renews_at);
    expect(Date.parse(trial?.trial_ends_at ?? '')).toBeGreaterThan(Date.now() + 13 * DAY * 1000);

    await cancelInPortal((await portal(member)).result!.url);
    await eventually(
      async () => (await billing(member.uid))?.subscription?.cancel_at_period_end,
      (cancelling) => cancelling === true,
    );
    await advanceClock(15 * DAY);
    await eventually(
      () => plan(member.uid),
      (status) => status === 'free',
    );

    const second = await checkout(member, { trial: true });
    expect(second.error?.message).toBe(CHECKOUT_MESSAGES.trialUsed);
    // Buying without a trial is still possible.
    expect((await checkout(member)).error).toBeUndefined();
  });

  it('creates the member’s Stripe customer once and remembers it', async () => {
    const member = await makeMember();
    await checkout(member);
    await checkout(member);
    const customer = (await billing(member.uid))?.customer_id as string;
    expect(customer).toMatch(/^cus_/);
    expect((await db.doc(`billing_customers/${customer}`).get()).get('uid')).toBe(member.uid);
    const customers = Object.values(
      (
        (await (await fetch(`${STANDIN_URL}/_standin/state`)).json()) as {
          customers: Record<string, unknown>;
        }
      ).customers,
    ).filter((c) => (c as { metadata?: { uid?: string } }).metadata?.uid === member.uid);
    expect(customers).toHaveLength(1);
  });
});

describe('deleting the account', () => {
  it('cancels a paying member’s subscription at once and forgets their Stripe customer', async () => {
    const member = await makeMember();
    await pay((await checkout(member)).result!.url);
    await eventually(
      () => plan(member.uid),
      (status) => status === 'premium',
    );
    const { customer_id: customer, subscription } = (await billing(member.uid)) as {
      customer_id: string;
      subscription: { id: string };
    };

    const deleted = await callAs<{ deleted: true }>('deleteAccount', member, { userId: member.uid });
    expect(deleted.error).toBeUndefined();
    const state = (await (await fetch(`${STANDIN_URL}/_standin/state`)).json()) as {
      subscriptions: Record<string, { status: string }>;
    };
    expect(state.subscriptions[subscription.id]?.status).toBe('canceled');
    expect((await db.doc(`billing_customers/${customer}`).get()).exists).toBe(false);
    expect(await billing(member.uid)).toBeUndefined();
  });
});

describe('attacks', () => {
  it('refuses a price, a plan or another member sent by the client, writing nothing', async () => {
    const member = await makeMember();
    const other = await makeMember();
    for (const data of [
      { price: 'price_free' },
      { plan: 'premium' },
      { userId: other.uid },
      { trial: 'yes' },
      { line_items: [{ price: 'price_cheap', quantity: 1 }] },
    ]) {
      const answer = await checkout(member, data);
      expect(answer.error?.status).toBe('INVALID_ARGUMENT');
    }
    expect(await billing(member.uid)).toBeUndefined();
    expect(await billing(other.uid)).toBeUndefined();
  });

  it('refuses visitors and members who are pending or deactivated', async () => {
    expect((await checkout(undefined)).error?.status).toBe('UNAUTHENTICATED');
    for (const profile of [{ approval_status: 'pending' }, { is_active: false }]) {
      const member = await makeMember({ profile });
      expect((await checkout(member)).error?.status).toBe('PERMISSION_DENIED');
    }
  });

  it('two tabs (or two quick clicks) open one Checkout: the same url, one open session', async () => {
    const member = await makeMember();
    const [first, second] = await Promise.all([checkout(member), checkout(member)]);
    expect(first.error).toBeUndefined();
    expect(second.result?.url).toBe(first.result?.url);
    const third = await checkout(member);
    expect(third.result?.url).toBe(first.result?.url);
    const customer = (await billing(member.uid))?.customer_id as string;
    const open = Object.values((await standinState()).checkoutSessions).filter(
      ({ session }) => session.customer === customer && session.status === 'open',
    );
    expect(open).toHaveLength(1);
    // Asking for the trial instead replaces it: the first can no longer be paid.
    const trial = await checkout(member, { trial: true });
    expect(trial.result?.url).not.toBe(first.result?.url);
    expect((await fetch(`${first.result!.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(
      410,
    );
  });

  it('a second subscription that still appears is cancelled at once, and the admins’ audit log says so', async () => {
    const member = await makeMember();
    await pay((await checkout(member)).result!.url);
    await eventually(
      () => plan(member.uid),
      (status) => status === 'premium',
    );
    const { customer_id: customer, subscription: first } = (await billing(member.uid)) as {
      customer_id: string;
      subscription: { id: string };
    };
    // A second Checkout opened some other way (an old tab, Stripe's own page) is paid too.
    await pay(await sessionInStripe(customer, STANDIN_DEFAULTS.priceId));
    const state = await standinState();
    const [second] = Object.entries(state.subscriptions).filter(
      ([id, s]) => s.customer === customer && id !== first.id,
    );
    expect(second?.[1].status).toBe('canceled');
    expect(state.subscriptions[first.id]?.status).toBe('active');
    expect(await plan(member.uid)).toBe('premium');
    expect((await billing(member.uid))?.subscription?.id).toBe(first.id);
    const audited = async () =>
      (
        await db
          .collection(ADMIN_AUDIT_COLLECTION)
          .where('target_uid', '==', member.uid)
          .where('action', '==', 'cancel-second-subscription')
          .get()
      ).docs.map((d) => (d.get('before') as { subscription?: string } | null)?.subscription);
    await eventually(audited, (subscriptions) => subscriptions.length > 0);
    expect(await audited()).toEqual([second?.[0]]);
    // And startCheckout refuses while one is live.
    expect((await checkout(member)).error?.message).toBe(CHECKOUT_MESSAGES.alreadyPremium);
  });

  it('a subscription to another price gives no Premium, and no checkout opens beside it', async () => {
    const learned = await fetch(`${STANDIN_URL}/_standin/prices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'price_shelfmark_cheap', unitAmount: 100, productName: 'Something cheap' }),
    });
    expect(learned.status).toBe(200);
    const member = await makeMember();
    await checkout(member);
    const customer = (await billing(member.uid))?.customer_id as string;
    await pay(await sessionInStripe(customer, 'price_shelfmark_cheap'));
    await eventually(
      async () => (await billing(member.uid))?.subscription?.status,
      (status) => status === 'active',
    );
    expect(await plan(member.uid)).toBe('free');
    expect(await billing(member.uid)).toMatchObject({
      subscription: { price_ids: ['price_shelfmark_cheap'], premium_price: false },
    });
    expect(await shownPlan(member)).toMatchObject({ status: 'free', source: null });
    expect((await checkout(member)).error?.message).toBe(CHECKOUT_MESSAGES.hasSubscription);
  });

  it('a deleted account’s address gets no second trial, plus-tagged or not, and nothing of the address is kept', async () => {
    const local = uniqueId('trialist')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    const first = await makeMember({ email: `${local}@example.com` });
    await pay((await checkout(first, { trial: true })).result!.url);
    await eventually(
      () => plan(first.uid),
      (status) => status === 'premium',
    );
    const claims = await db.collection(TRIAL_CLAIMS).get();
    for (const claim of claims.docs) {
      expect(claim.id).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(claim.data())).not.toContain(local);
    }
    expect((await callAs('deleteAccount', first, { userId: first.uid })).error).toBeUndefined();

    const again = await makeMember({ email: `${local}@example.com` });
    expect((await checkout(again, { trial: true })).error?.message).toBe(CHECKOUT_MESSAGES.trialUsed);
    const tagged = await makeMember({ email: `${local.toUpperCase()}+again@EXAMPLE.com` });
    expect((await checkout(tagged, { trial: true })).error?.message).toBe(CHECKOUT_MESSAGES.trialUsed);
    // Buying without a trial is still possible.
    expect((await checkout(again)).error).toBeUndefined();
  });

  it('opens no portal for a member without a Stripe customer', async () => {
    const member = await makeMember();
    expect((await portal(member)).error?.message).toBe(CHECKOUT_MESSAGES.noSubscription);
  });
});
