/**
 * Premium billing: which plan a member has, decided from two sources only.
 *
 * - **Paid**: the member's Stripe subscription to the Premium price, as Stripe reports it when
 *   asked (the webhook never trusts an event's copy: it retrieves the
 *   subscription, so events that arrive late, twice or out of order all lead
 *   to the state Stripe holds now).
 * - **Granted**: an administrator's grant, through the one admin action.
 *
 * The profile's `subscription_status` ('free' | 'premium') is what the rules,
 * the plan limits and the badge read; it is only ever written from
 * `planOf(record)`, by the webhook and by the grant action. The billing record
 * itself lives at profiles/{uid}/private/billing, which no client can read or
 * write.
 */
import { z } from 'zod';
import type { SubscriptionStatus } from '../accounts/profile.ts';

/** The member's billing record: profiles/{uid}/private/billing. */
export const BILLING_DOC = 'billing';

/** Stripe customer id → member: billing_customers/{customerId} = { uid }. Server-only. */
export const BILLING_CUSTOMERS = 'billing_customers';

/** Stripe event ids already processed: billing_events/{eventId}, removed by a TTL on expires_at. */
export const BILLING_EVENTS = 'billing_events';

/** How long a processed event id is remembered (Stripe retries a delivery for up to three days). */
export const BILLING_EVENT_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/** The free trial's length through Checkout. */
export const TRIAL_DAYS = 14;

/**
 * Who has had a trial, kept after their account is deleted:
 * trial_claims/{key} = { claimed_at, expires_at }, where the key is a keyed hash
 * (HMAC-SHA256) of the mailbox the trial was bought with, never the address.
 * Server-only; removed by a TTL on expires_at.
 */
export const TRIAL_CLAIMS = 'trial_claims';

/** How long a trial claim is kept: long enough that deleting and re-registering buys nothing. */
export const TRIAL_CLAIM_MEMORY_MS = 2 * 365 * 24 * 60 * 60 * 1000;

/**
 * How long a subscription whose payment failed (`past_due`) keeps Premium,
 * counted from when the webhook first saw it past due: time to update a card,
 * not the weeks Stripe may go on retrying.
 */
export const PAST_DUE_GRACE_DAYS = 3;
export const PAST_DUE_GRACE_MS = PAST_DUE_GRACE_DAYS * 24 * 60 * 60 * 1000;

/**
 * Members whose Premium runs on a grace: billing_grace/{uid} = { ends_at }.
 * Server-only; the hourly sweep rewrites the plan of those whose grace has ended.
 */
export const BILLING_GRACE = 'billing_grace';

/** The subscription's metadata key that carries the trial claim's key from Checkout to the webhook. */
export const TRIAL_CLAIM_METADATA = 'trial_claim';

/** Premium's price as the plan card and the checkout stand-in show it (Stripe's price object is the truth). */
export const PREMIUM_MONTHLY_USD = 5;

/** Stripe's subscription statuses (API 2026-10-28). */
export const STRIPE_SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type StripeSubscriptionStatus = (typeof STRIPE_SUBSCRIPTION_STATUSES)[number];

/**
 * The statuses that carry Premium. A trial is Premium; so is `past_due`, but
 * only for the grace (PAST_DUE_GRACE_DAYS) after the payment failed. A
 * subscription set to cancel at the period's end stays `active` until then, so
 * Premium lasts to the end of what was paid.
 */
const PREMIUM_STATUSES: ReadonlySet<StripeSubscriptionStatus> = new Set(['trialing', 'active', 'past_due']);

/** The statuses of a subscription that has ended: Stripe will never charge it again. */
const ENDED_STATUSES: ReadonlySet<StripeSubscriptionStatus> = new Set(['canceled', 'incomplete_expired']);

/** What we keep of a Stripe subscription: the parts that decide the plan and what the account page says. */
export const subscriptionSnapshotSchema = z.object({
  id: z.string().min(1),
  status: z.enum(STRIPE_SUBSCRIPTION_STATUSES),
  /** End of the paid (or trial) period, epoch ms; null when Stripe gave none. */
  current_period_end: z.number().nullable(),
  cancel_at_period_end: z.boolean(),
  /** Set when the subscription began with a trial. */
  trial_end: z.number().nullable(),
  /** The prices of its items, as Stripe reported them (empty in records kept before prices were). */
  price_ids: z.array(z.string().min(1)).default([]),
  /**
   * Whether its items include the configured Premium price, judged when Stripe's
   * report was applied. Records kept before prices were are all Checkout
   * purchases at that price, hence the default.
   */
  premium_price: z.boolean().default(true),
  /** When the webhook first saw it `past_due` (epoch ms); null otherwise. Starts the grace. */
  past_due_since: z.number().nullable().default(null),
});
export type SubscriptionSnapshot = z.infer<typeof subscriptionSnapshotSchema>;

/** An admin's grant of Premium. */
export const premiumGrantSchema = z.object({
  by: z.string().min(1),
  /** Epoch ms. */
  at: z.number(),
});
export type PremiumGrant = z.infer<typeof premiumGrantSchema>;

/** A Checkout session opened for the member and not yet known to be paid or expired. */
export const openCheckoutSchema = z.object({
  session_id: z.string().min(1),
  url: z.string().min(1),
  /** When Stripe expires it, epoch ms. */
  expires_at: z.number(),
  /** Whether it is the free trial's checkout. */
  trial: z.boolean(),
});
export type OpenCheckout = z.infer<typeof openCheckoutSchema>;

/** profiles/{uid}/private/billing, as the functions read and write it. */
export const billingRecordSchema = z.object({
  /** The member's Stripe customer, created once and reused. */
  customer_id: z.string().min(1).nullable().default(null),
  /** The subscription the plan follows (the newest one that carries Premium). */
  subscription: subscriptionSnapshotSchema.nullable().default(null),
  /** True once the member has started a trial: one trial per member, ever. */
  trial_used: z.boolean().default(false),
  grant: premiumGrantSchema.nullable().default(null),
  /** The member's one open Checkout session, reused by a second startCheckout while it stays open. */
  checkout: openCheckoutSchema.nullable().default(null),
});
export type BillingRecord = z.infer<typeof billingRecordSchema>;

/** The record of a member who has never been billed nor granted anything. */
export const EMPTY_BILLING: BillingRecord = billingRecordSchema.parse({});

/** Where a member's Premium comes from; null on the free plan. */
export type PlanSource = 'paid' | 'granted' | null;

/** True while Stripe may still charge the subscription (it has not ended), whatever it buys. */
export function subscriptionIsLive(subscription: SubscriptionSnapshot | null): boolean {
  return subscription !== null && !ENDED_STATUSES.has(subscription.status);
}

/** When a past-due subscription's grace ends (epoch ms); null when it is not past due. */
export function graceEndOf(subscription: SubscriptionSnapshot | null): number | null {
  if (subscription?.status !== 'past_due' || subscription.past_due_since === null) return null;
  return subscription.past_due_since + PAST_DUE_GRACE_MS;
}

/**
 * True when the subscription carries Premium at `now`: a live status, the
 * Premium price (any other price buys nothing here), and for `past_due` only
 * until its grace ends.
 */
export function subscriptionIsPremium(subscription: SubscriptionSnapshot | null, now = Date.now()): boolean {
  if (subscription === null || !subscription.premium_price) return false;
  if (!PREMIUM_STATUSES.has(subscription.status)) return false;
  const graceEnd = graceEndOf(subscription);
  return graceEnd === null || now < graceEnd;
}

/** The member's plan at `now` and where it comes from: a paying subscription first, then a grant, else free. */
export function planOf(
  record: BillingRecord,
  now = Date.now(),
): { status: SubscriptionStatus; source: PlanSource } {
  if (subscriptionIsPremium(record.subscription, now)) return { status: 'premium', source: 'paid' };
  if (record.grant !== null) return { status: 'premium', source: 'granted' };
  return { status: 'free', source: null };
}

/**
 * True when `incoming` is a second live subscription of a member whose record
 * already follows another live one: one live subscription per member, so the
 * webhook cancels it.
 */
export function isSecondSubscription(record: BillingRecord, incoming: SubscriptionSnapshot): boolean {
  const current = record.subscription;
  return (
    current !== null &&
    current.id !== incoming.id &&
    subscriptionIsLive(current) &&
    subscriptionIsLive(incoming)
  );
}

/**
 * The record after Stripe reported `incoming` (retrieved fresh, not taken from an
 * event) at `now`. The plan follows the subscription already followed, updated;
 * a different subscription replaces it unless it ranks lower (Premium, then
 * live, then ended): a late event about an old, cancelled subscription must not
 * end a newer paid one. A past-due subscription keeps the time it first became
 * so (the grace counts from there). A subscription that began with a trial
 * marks the trial used; a live one means the open checkout was used.
 */
export function withSubscription(
  record: BillingRecord,
  incoming: SubscriptionSnapshot,
  now = Date.now(),
): BillingRecord {
  const current = record.subscription;
  const stillPastDue =
    incoming.status === 'past_due' && current?.id === incoming.id && current.status === 'past_due';
  const arriving: SubscriptionSnapshot = {
    ...incoming,
    past_due_since:
      incoming.status !== 'past_due' ? null : stillPastDue ? (current.past_due_since ?? now) : now,
  };
  const rank = (s: SubscriptionSnapshot) =>
    subscriptionIsPremium(s, now) ? 2 : subscriptionIsLive(s) ? 1 : 0;
  const follows = current === null || current.id === arriving.id || rank(arriving) >= rank(current);
  return {
    ...record,
    subscription: follows ? arriving : current,
    trial_used: record.trial_used || incoming.trial_end !== null,
    checkout: subscriptionIsLive(incoming) ? null : record.checkout,
  };
}

/** Why an admin's grant or revoke was refused. */
export const GRANT_MESSAGES = {
  paid: 'This member pays for Premium. Their plan follows their subscription; it can be cancelled in Stripe.',
  alreadyGranted: 'This member already has Premium granted.',
  notGranted: 'This member has no granted Premium to revoke.',
} as const;

/**
 * The record after an admin grants (true) or revokes (false) Premium, or the
 * reason it is refused: a paying member's plan is never overwritten by hand,
 * either way.
 */
export function withGrant(
  record: BillingRecord,
  granted: boolean,
  grant: PremiumGrant,
): BillingRecord | { refused: string } {
  if (subscriptionIsPremium(record.subscription)) return { refused: GRANT_MESSAGES.paid };
  if (granted && record.grant !== null) return { refused: GRANT_MESSAGES.alreadyGranted };
  if (!granted && record.grant === null) return { refused: GRANT_MESSAGES.notGranted };
  return { ...record, grant: granted ? grant : null };
}

/** Why a checkout cannot start. */
export const CHECKOUT_MESSAGES = {
  alreadyPremium: 'You already have Premium.',
  hasSubscription:
    'You already have a subscription. Open Manage subscription on your account to update or cancel it.',
  processing: 'Your payment is being processed. Your plan will change in a moment.',
  trialUsed: 'You have already used your free trial.',
  notConfigured: 'Payments are not available right now. Please try again later.',
  failed: 'Could not start the checkout. Please try again later.',
  noSubscription: 'You have no subscription to manage.',
} as const;

/** startCheckout's request: a plain upgrade, or the free trial. Nothing else: the price is the server's. */
export const checkoutRequestSchema = z.strictObject({ trial: z.boolean().default(false) });
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** Where Checkout and the portal send the member back to (paths on the site). */
export const BILLING_RETURN_PATHS = {
  success: '/billing/success',
  cancelled: '/billing/cancelled',
  portal: '/account',
} as const;

/**
 * Whether a member may start a checkout (with a trial when `trial`), or why
 * not: one live subscription per member, whatever it buys, and one trial.
 */
export function checkoutProblem(record: BillingRecord, trial: boolean, now = Date.now()): string | null {
  if (planOf(record, now).status === 'premium') return CHECKOUT_MESSAGES.alreadyPremium;
  if (subscriptionIsLive(record.subscription)) return CHECKOUT_MESSAGES.hasSubscription;
  if (trial && record.trial_used) return CHECKOUT_MESSAGES.trialUsed;
  return null;
}

/** A checkout is reused only while this much of its life is left, so the member has time to pay. */
export const CHECKOUT_REUSE_MARGIN_MS = 10 * 60 * 1000;

/** The member's open checkout of the same kind (trial or not) that a new startCheckout hands back, or null. */
export function reusableCheckout(
  record: BillingRecord,
  trial: boolean,
  now = Date.now(),
): OpenCheckout | null {
  const open = record.checkout;
  if (open === null || open.trial !== trial) return null;
  return open.expires_at - CHECKOUT_REUSE_MARGIN_MS > now ? open : null;
}

/** The Stripe events the webhook acts on; any other type is acknowledged and ignored. */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
] as const;
export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value.length > 0) return value;
  if (typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string')
    return (value as { id: string }).id;
  return null;
};

/**
 * The subscription an event is about (its id), read from the event's object:
 * a checkout session's `subscription`, a subscription's own id, an invoice's
 * `parent.subscription_details.subscription`. Null for other events or when
 * there is none (a checkout that created no subscription).
 */
export function subscriptionIdOf(type: string, object: unknown): string | null {
  if (typeof object !== 'object' || object === null) return null;
  const o = object as Record<string, unknown>;
  switch (type) {
    case 'checkout.session.completed':
      return o.mode === 'subscription' ? idOf(o.subscription) : null;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return idOf(o.id);
    case 'invoice.payment_failed': {
      const parent = o.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
      return idOf(parent?.subscription_details?.subscription);
    }
    default:
      return null;
  }
}

/**
 * The subscription in Stripe's shape (API 2026-10-28: the period lives on the
 * items), as our snapshot; `premium_price` says whether an item is the
 * configured Premium price. The past-due time is withSubscription's to set.
 */
export function snapshotOf(
  subscription: {
    id: string;
    status: string;
    cancel_at_period_end: boolean;
    trial_end: number | null;
    items: { data: { current_period_end?: number | null; price?: { id?: unknown } | null }[] };
  },
  premiumPriceId: string,
): SubscriptionSnapshot {
  const priceIds = subscription.items.data
    .map((item) => item.price?.id)
    .filter((id): id is string => typeof id === 'string' && id.length > 0);
  const ends = subscription.items.data
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === 'number');
  return subscriptionSnapshotSchema.parse({
    id: subscription.id,
    status: subscription.status,
    current_period_end: ends.length > 0 ? Math.max(...ends) * 1000 : null,
    cancel_at_period_end: subscription.cancel_at_period_end,
    trial_end: subscription.trial_end === null ? null : subscription.trial_end * 1000,
    price_ids: priceIds,
    premium_price: priceIds.includes(premiumPriceId),
    past_due_since: null,
  });
}

/** What /account shows of a member's plan (accountOverview's `plan`); dates are ISO strings. */
export interface AccountPlan {
  status: SubscriptionStatus;
  source: PlanSource;
  /** A paid plan that continues: when it next renews (a trial's first charge included). */
  renews_at: string | null;
  /** A paid plan set to cancel: when Premium ends. */
  ends_at: string | null;
  /** A paid plan still in its free trial: when the trial ends. */
  trial_ends_at: string | null;
  /** The last payment failed: when Premium ends (or ended) unless the card is updated. */
  past_due_until: string | null;
}

const isoOf = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/**
 * The plan as the member's account shows it at `now`. Only a paid plan has
 * dates: the period end is when it renews, or when it ends once set to cancel;
 * a trialing subscription also says when its trial ends. A past-due
 * subscription says until when its grace keeps Premium, also once it has
 * ended (the member learns why they are free). Free and granted plans have none.
 */
export function accountPlanOf(record: BillingRecord, now = Date.now()): AccountPlan {
  const { status, source } = planOf(record, now);
  const pastDueUntil = isoOf(graceEndOf(record.subscription));
  const subscription = source === 'paid' ? record.subscription : null;
  if (subscription === null)
    return {
      status,
      source,
      renews_at: null,
      ends_at: null,
      trial_ends_at: null,
      past_due_until: subscriptionIsLive(record.subscription) ? pastDueUntil : null,
    };
  const periodEnd = isoOf(subscription.current_period_end);
  return {
    status,
    source,
    renews_at: subscription.cancel_at_period_end || pastDueUntil !== null ? null : periodEnd,
    ends_at: subscription.cancel_at_period_end ? periodEnd : null,
    trial_ends_at: subscription.status === 'trialing' ? isoOf(subscription.trial_end) : null,
    past_due_until: pastDueUntil,
  };
}

/** What /account says of a failed payment, while the grace runs and once it has ended. */
export const PAST_DUE_MESSAGES = {
  during: (day: string) =>
    `Your last payment failed. Premium continues until ${day} while the payment is retried; update your card in Manage subscription to keep it.`,
  ended: (day: string) =>
    `Your last payment failed, so Premium ended on ${day}. Update your card in Manage subscription to have it back.`,
} as const;

/**
 * What the upgrade page offers after startCheckout refused: a member who
 * already has Premium or a subscription (or a payment in progress) goes to
 * their account; a used trial can still be bought
 * without one; a refusal that may pass (payments not configured, Stripe failing,
 * the network) can be tried again; any other refusal (a pending or deactivated
 * member) only shows the server's message.
 */
export type CheckoutRefusalAction = 'account' | 'without-trial' | 'retry' | 'none';

export function checkoutRefusalAction(refusal: { code: string; message: string }): CheckoutRefusalAction {
  if (
    refusal.message === CHECKOUT_MESSAGES.alreadyPremium ||
    refusal.message === CHECKOUT_MESSAGES.hasSubscription ||
    refusal.message === CHECKOUT_MESSAGES.processing
  )
    return 'account';
  if (refusal.message === CHECKOUT_MESSAGES.trialUsed) return 'without-trial';
  if (refusal.code === 'permission-denied' || refusal.code === 'unauthenticated') return 'none';
  if (refusal.code === 'invalid-argument') return 'none';
  return 'retry';
}
