import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  EMPTY_BILLING,
  GRANT_MESSAGES,
  PAST_DUE_GRACE_MS,
  STRIPE_SUBSCRIPTION_STATUSES,
  accountPlanOf,
  checkoutRefusalAction,
  billingRecordSchema,
  checkoutProblem,
  isSecondSubscription,
  planOf,
  reusableCheckout,
  snapshotOf,
  subscriptionIdOf,
  withGrant,
  withSubscription,
  type BillingRecord,
  type SubscriptionSnapshot,
} from '../../../../src/domain/billing/billing.ts';
import { FREE_ACCOUNT_PLAN } from '../../../shared/billing.ts';

const sub = (overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: 'sub_1',
  status: 'active',
  current_period_end: 2_000_000_000_000,
  cancel_at_period_end: false,
  trial_end: null,
  price_ids: ['price_premium'],
  premium_price: true,
  past_due_since: null,
  ...overrides,
});
const record = (overrides: Partial<BillingRecord> = {}): BillingRecord => ({
  ...EMPTY_BILLING,
  ...overrides,
});
const grant = { by: 'admin-1', at: 1_000 };

describe('planOf', () => {
  it('is free with no subscription and no grant', () => {
    expect(planOf(EMPTY_BILLING)).toEqual({ status: 'free', source: null });
  });

  it.each(STRIPE_SUBSCRIPTION_STATUSES)('a subscription that is %s', (status) => {
    const premium = ['trialing', 'active', 'past_due'].includes(status);
    expect(planOf(record({ subscription: sub({ status }) }))).toEqual(
      premium ? { status: 'premium', source: 'paid' } : { status: 'free', source: null },
    );
  });

  it('is free with a live subscription to any price but Premium', () => {
    const other = sub({ price_ids: ['price_other'], premium_price: false });
    expect(planOf(record({ subscription: other }))).toEqual({ status: 'free', source: null });
    expect(planOf(record({ subscription: { ...other, status: 'trialing' } })).status).toBe('free');
  });

  it('keeps Premium for the grace after a payment failed, then is free', () => {
    const since = 1_000_000;
    const pastDue = record({ subscription: sub({ status: 'past_due', past_due_since: since }) });
    expect(planOf(pastDue, since + PAST_DUE_GRACE_MS - 1).status).toBe('premium');
    expect(planOf(pastDue, since + PAST_DUE_GRACE_MS)).toEqual({ status: 'free', source: null });
  });

  it('keeps Premium while a cancelled subscription runs to the end of its period', () => {
    expect(planOf(record({ subscription: sub({ cancel_at_period_end: true }) })).status).toBe('premium');
  });

  it('is granted when an admin granted it and nothing is paid, paid when both', () => {
    expect(planOf(record({ grant }))).toEqual({ status: 'premium', source: 'granted' });
    expect(planOf(record({ grant, subscription: sub() }))).toEqual({ status: 'premium', source: 'paid' });
    expect(planOf(record({ grant, subscription: sub({ status: 'canceled' }) }))).toEqual({
      status: 'premium',
      source: 'granted',
    });
  });
});

describe('withSubscription', () => {
  it('follows the subscription it already follows, whatever its new state', () => {
    const paid = record({ subscription: sub() });
    expect(withSubscription(paid, sub({ status: 'canceled' })).subscription?.status).toBe('canceled');
  });

  it('takes a newer subscription that carries Premium over an old one', () => {
    const old = record({ subscription: sub({ id: 'sub_old', status: 'canceled' }) });
    expect(withSubscription(old, sub({ id: 'sub_new' })).subscription?.id).toBe('sub_new');
  });

  it('ignores a late report about another, ended subscription while the followed one is paid', () => {
    const paid = record({ subscription: sub({ id: 'sub_new' }) });
    const late = withSubscription(paid, sub({ id: 'sub_old', status: 'canceled' }));
    expect(late.subscription?.id).toBe('sub_new');
    expect(planOf(late).status).toBe('premium');
  });

  it('gives the same plan whatever order the reports of one subscription arrive in, once the last is the truth', () => {
    const reports = [sub({ status: 'trialing', trial_end: 5 }), sub({ status: 'active', trial_end: 5 })];
    const forward = reports.reduce((r, s) => withSubscription(r, s), EMPTY_BILLING);
    const twice = [...reports, reports[1]!].reduce((r, s) => withSubscription(r, s), EMPTY_BILLING);
    expect(forward).toEqual(twice);
    expect(planOf(forward).status).toBe('premium');
  });

  it('marks the trial used once a subscription began with one, and never unmarks it', () => {
    const trialled = withSubscription(EMPTY_BILLING, sub({ status: 'trialing', trial_end: 99 }));
    expect(trialled.trial_used).toBe(true);
    expect(withSubscription(trialled, sub({ id: 'sub_2', trial_end: null })).trial_used).toBe(true);
  });

  it('counts the grace from when the subscription first became past due, and forgets it once paid', () => {
    const failed = withSubscription(record({ subscription: sub() }), sub({ status: 'past_due' }), 1_000);
    expect(failed.subscription?.past_due_since).toBe(1_000);
    const again = withSubscription(failed, sub({ status: 'past_due' }), 9_000);
    expect(again.subscription?.past_due_since).toBe(1_000);
    expect(withSubscription(again, sub(), 10_000).subscription?.past_due_since).toBeNull();
  });

  it('prefers a live subscription to an ended one, even at another price', () => {
    const other = sub({ id: 'sub_other', price_ids: ['price_other'], premium_price: false });
    const ended = record({ subscription: sub({ id: 'sub_old', status: 'canceled' }) });
    const live = withSubscription(ended, other);
    expect(live.subscription?.id).toBe('sub_other');
    expect(withSubscription(live, sub({ id: 'sub_old', status: 'canceled' })).subscription?.id).toBe(
      'sub_other',
    );
  });

  it('forgets the open checkout once a live subscription arrives', () => {
    const open = { session_id: 'cs_1', url: 'https://checkout/cs_1', expires_at: 5, trial: false };
    expect(withSubscription(record({ checkout: open }), sub()).checkout).toBeNull();
    expect(withSubscription(record({ checkout: open }), sub({ status: 'canceled' })).checkout).toEqual(open);
  });

  it('keeps the customer and the grant', () => {
    const before = record({ customer_id: 'cus_1', grant });
    const after = withSubscription(before, sub());
    expect(after.customer_id).toBe('cus_1');
    expect(after.grant).toEqual(grant);
  });
});

describe('isSecondSubscription', () => {
  it('is a second live subscription beside the live one followed, whatever their prices', () => {
    const followed = record({ subscription: sub({ id: 'sub_1' }) });
    expect(isSecondSubscription(followed, sub({ id: 'sub_2' }))).toBe(true);
    expect(isSecondSubscription(followed, sub({ id: 'sub_2', premium_price: false }))).toBe(true);
  });

  it('is not the followed one again, an ended one, or one beside an ended one', () => {
    const followed = record({ subscription: sub({ id: 'sub_1' }) });
    expect(isSecondSubscription(followed, sub({ id: 'sub_1', status: 'past_due' }))).toBe(false);
    expect(isSecondSubscription(followed, sub({ id: 'sub_2', status: 'canceled' }))).toBe(false);
    const ended = record({ subscription: sub({ id: 'sub_1', status: 'incomplete_expired' }) });
    expect(isSecondSubscription(ended, sub({ id: 'sub_2' }))).toBe(false);
    expect(isSecondSubscription(EMPTY_BILLING, sub())).toBe(false);
  });
});

describe('withGrant', () => {
  it('grants and revokes Premium for a member who does not pay', () => {
    const granted = withGrant(EMPTY_BILLING, true, grant);
    expect(granted).toEqual(record({ grant }));
    expect(withGrant(record({ grant }), false, grant)).toEqual(EMPTY_BILLING);
  });

  it('never overwrites a paid plan, neither by a grant nor by a revoke', () => {
    const paid = record({ subscription: sub({ status: 'trialing' }) });
    expect(withGrant(paid, true, grant)).toEqual({ refused: GRANT_MESSAGES.paid });
    expect(withGrant(record({ grant, subscription: sub() }), false, grant)).toEqual({
      refused: GRANT_MESSAGES.paid,
    });
  });

  it('refuses a grant twice and a revoke of nothing', () => {
    expect(withGrant(record({ grant }), true, grant)).toEqual({ refused: GRANT_MESSAGES.alreadyGranted });
    expect(withGrant(EMPTY_BILLING, false, grant)).toEqual({ refused: GRANT_MESSAGES.notGranted });
  });
});

describe('checkoutProblem', () => {
  it('lets a free member buy, and start one trial', () => {
    expect(checkoutProblem(EMPTY_BILLING, false)).toBeNull();
    expect(checkoutProblem(EMPTY_BILLING, true)).toBeNull();
  });

  it('refuses a second trial and a member who already has Premium', () => {
    expect(checkoutProblem(record({ trial_used: true }), true)).toBe(CHECKOUT_MESSAGES.trialUsed);
    expect(checkoutProblem(record({ trial_used: true }), false)).toBeNull();
    expect(checkoutProblem(record({ grant }), false)).toBe(CHECKOUT_MESSAGES.alreadyPremium);
    expect(checkoutProblem(record({ subscription: sub() }), true)).toBe(CHECKOUT_MESSAGES.alreadyPremium);
  });

  it('refuses a member with any live subscription, one that carries no Premium included', () => {
    const other = sub({ premium_price: false, price_ids: ['price_other'] });
    expect(checkoutProblem(record({ subscription: other }), false)).toBe(CHECKOUT_MESSAGES.hasSubscription);
    const lapsed = sub({ status: 'past_due', past_due_since: 0 });
    expect(checkoutProblem(record({ subscription: lapsed }), false, PAST_DUE_GRACE_MS)).toBe(
      CHECKOUT_MESSAGES.hasSubscription,
    );
    expect(checkoutProblem(record({ subscription: sub({ status: 'canceled' }) }), false)).toBeNull();
  });
});

describe('reusableCheckout', () => {
  const open = { session_id: 'cs_1', url: 'https://checkout/cs_1', expires_at: 3_600_000, trial: true };

  it('hands back the open checkout of the same kind while it has time left', () => {
    expect(reusableCheckout(record({ checkout: open }), true, 0)).toEqual(open);
    expect(reusableCheckout(record({ checkout: open }), false, 0)).toBeNull();
    expect(reusableCheckout(record({ checkout: open }), true, 3_600_000 - 60_000)).toBeNull();
    expect(reusableCheckout(EMPTY_BILLING, true, 0)).toBeNull();
  });
});

describe('subscriptionIdOf', () => {
  it('reads the subscription each handled event is about', () => {
    expect(
      subscriptionIdOf('checkout.session.completed', { mode: 'subscription', subscription: 'sub_9' }),
    ).toBe('sub_9');
    expect(
      subscriptionIdOf('checkout.session.completed', { mode: 'payment', subscription: 'sub_9' }),
    ).toBeNull();
    expect(subscriptionIdOf('customer.subscription.updated', { id: 'sub_9' })).toBe('sub_9');
    expect(subscriptionIdOf('customer.subscription.deleted', { id: 'sub_9' })).toBe('sub_9');
    expect(
      subscriptionIdOf('invoice.payment_failed', {
        parent: { subscription_details: { subscription: { id: 'sub_9' } } },
      }),
    ).toBe('sub_9');
  });

  it('is null for other events and malformed objects', () => {
    expect(subscriptionIdOf('invoice.paid', { id: 'in_1' })).toBeNull();
    expect(subscriptionIdOf('invoice.payment_failed', { parent: null })).toBeNull();
    expect(subscriptionIdOf('customer.subscription.updated', null)).toBeNull();
    expect(subscriptionIdOf('customer.subscription.updated', { id: 42 })).toBeNull();
  });
});

describe('snapshotOf', () => {
  it('takes the period from the items and turns seconds into milliseconds', () => {
    expect(
      snapshotOf(
        {
          id: 'sub_1',
          status: 'trialing',
          cancel_at_period_end: true,
          trial_end: 1_700_000_000,
          items: { data: [{ current_period_end: 1_700_000_100 }, { current_period_end: 1_700_000_200 }] },
        },
        'price_premium',
      ),
    ).toEqual({
      id: 'sub_1',
      status: 'trialing',
      current_period_end: 1_700_000_200_000,
      cancel_at_period_end: true,
      trial_end: 1_700_000_000_000,
      price_ids: [],
      premium_price: false,
      past_due_since: null,
    });
  });

  it('keeps the prices, and says whether one is the Premium price', () => {
    const of = (...prices: string[]) =>
      snapshotOf(
        {
          id: 'sub_1',
          status: 'active',
          cancel_at_period_end: false,
          trial_end: null,
          items: { data: prices.map((id) => ({ current_period_end: 1, price: { id } })) },
        },
        'price_premium',
      );
    expect(of('price_premium')).toMatchObject({ price_ids: ['price_premium'], premium_price: true });
    expect(of('price_other')).toMatchObject({ price_ids: ['price_other'], premium_price: false });
  });

  it('refuses a status Stripe does not have', () => {
    expect(() =>
      snapshotOf(
        {
          id: 's',
          status: 'gold',
          cancel_at_period_end: false,
          trial_end: null,
          items: { data: [] },
        },
        'price_premium',
      ),
    ).toThrow();
  });
});

describe('billingRecordSchema', () => {
  it('reads a missing record as empty and refuses a malformed one', () => {
    expect(billingRecordSchema.parse({})).toEqual(EMPTY_BILLING);
    expect(billingRecordSchema.safeParse({ grant: { by: '' } }).success).toBe(false);
  });

  it('reads a record kept before prices were as a Premium purchase, with no open checkout', () => {
    const { price_ids: _p, premium_price: _q, past_due_since: _r, ...older } = sub();
    const parsed = billingRecordSchema.parse({ subscription: older, trial_used: true });
    expect(parsed.subscription).toMatchObject({ price_ids: [], premium_price: true, past_due_since: null });
    expect(parsed.checkout).toBeNull();
    expect(planOf(parsed).status).toBe('premium');
  });
});

describe('accountPlanOf', () => {
  const end = Date.UTC(2027, 0, 15);
  const iso = new Date(end).toISOString();

  it('has no dates on the free plan or a granted one', () => {
    expect(accountPlanOf(EMPTY_BILLING)).toEqual(FREE_ACCOUNT_PLAN);
    expect(accountPlanOf(record({ grant }))).toEqual({
      ...FREE_ACCOUNT_PLAN,
      status: 'premium',
      source: 'granted',
    });
  });

  it('renews at the period end while paid, and ends there once set to cancel', () => {
    expect(accountPlanOf(record({ subscription: sub({ current_period_end: end }) }))).toMatchObject({
      status: 'premium',
      source: 'paid',
      renews_at: iso,
      ends_at: null,
    });
    expect(
      accountPlanOf(record({ subscription: sub({ current_period_end: end, cancel_at_period_end: true }) })),
    ).toMatchObject({ renews_at: null, ends_at: iso });
  });

  it('says when a trial ends only while trialing', () => {
    const trial = sub({ status: 'trialing', current_period_end: end, trial_end: end });
    expect(accountPlanOf(record({ subscription: trial })).trial_ends_at).toBe(iso);
    expect(accountPlanOf(record({ subscription: { ...trial, status: 'active' } })).trial_ends_at).toBeNull();
  });

  it('shows no dates of a cancelled subscription: the plan is free, or granted', () => {
    const ended = sub({ status: 'canceled', current_period_end: end });
    expect(accountPlanOf(record({ subscription: ended }))).toMatchObject({ status: 'free', ends_at: null });
    expect(accountPlanOf(record({ subscription: ended, grant }))).toMatchObject({
      source: 'granted',
      renews_at: null,
      ends_at: null,
    });
  });
});

describe('accountPlanOf after a failed payment', () => {
  const since = Date.UTC(2027, 0, 10);
  const until = new Date(since + PAST_DUE_GRACE_MS).toISOString();
  const pastDue = record({ subscription: sub({ status: 'past_due', past_due_since: since }) });

  it('says until when Premium continues during the grace, and does not promise a renewal', () => {
    expect(accountPlanOf(pastDue, since + 1)).toMatchObject({
      status: 'premium',
      source: 'paid',
      renews_at: null,
      past_due_until: until,
    });
  });

  it('says when Premium ended once the grace is over', () => {
    expect(accountPlanOf(pastDue, since + PAST_DUE_GRACE_MS)).toEqual({
      status: 'free',
      source: null,
      renews_at: null,
      ends_at: null,
      trial_ends_at: null,
      past_due_until: until,
    });
  });
});

describe('checkoutRefusalAction', () => {
  const refused = (message: string) => ({ code: 'failed-precondition', message });

  it('sends a Premium member to the account and offers a used trial without one', () => {
    expect(checkoutRefusalAction(refused(CHECKOUT_MESSAGES.alreadyPremium))).toBe('account');
    expect(checkoutRefusalAction(refused(CHECKOUT_MESSAGES.hasSubscription))).toBe('account');
    expect(checkoutRefusalAction(refused(CHECKOUT_MESSAGES.trialUsed))).toBe('without-trial');
  });

  it('offers to try again when payments are not available or Stripe failed', () => {
    expect(checkoutRefusalAction(refused(CHECKOUT_MESSAGES.notConfigured))).toBe('retry');
    expect(checkoutRefusalAction({ code: 'unavailable', message: CHECKOUT_MESSAGES.failed })).toBe('retry');
    expect(checkoutRefusalAction({ code: 'unknown', message: 'Failed to fetch' })).toBe('retry');
  });

  it('offers nothing to a member who may not buy (pending, deactivated)', () => {
    expect(checkoutRefusalAction({ code: 'permission-denied', message: 'Your account is pending.' })).toBe(
      'none',
    );
  });
});
