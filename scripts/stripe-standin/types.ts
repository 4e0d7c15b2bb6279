import type Stripe from 'stripe';
// The objects the stand-in keeps and answers with. Each is the subset of Stripe's own
// shape (API version 2026-10-28.endive, see node_modules/stripe/esm/resources/*.d.ts)
// that Shelfmark reads, with Stripe's field names, `object` values and id prefixes.

export type Metadata = Record<string, string>;

/** A price the stand-in knows; a checkout session naming any other price is refused. */
export interface PriceConfig {
  id: string;
  /** In the currency's smallest unit (cents). */
  unitAmount: number;
  currency: string;
  interval: 'month' | 'year';
  productName: string;
}

export interface StandinPrice {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: null;
  metadata: Metadata;
  nickname: string;
  product: string;
  recurring: {
    interval: 'month' | 'year';
    interval_count: 1;
    meter: null;
    trial_period_days: null;
    usage_type: 'licensed';
  };
  tax_behavior: 'unspecified';
  type: 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface StandinCustomer {
  id: string;
  object: 'customer';
  address: null;
  balance: 0;
  created: number;
  currency: null;
  default_source: null;
  delinquent: false;
  description: string | null;
  email: string | null;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

/** A promotion code the stand-in starts with (besides those created through the API). */
export interface PromotionCodeConfig {
  code: string;
  /** One of percentOff (1–100) and amountOff (in the currency's smallest unit, with currency). */
  percentOff?: number;
  amountOff?: number;
  currency?: string;
  duration: 'once' | 'repeating' | 'forever';
  durationInMonths?: number;
}

/** What a discount takes off: Stripe's coupon (percent or amount off, for how long, how many times). */
export interface StandinCoupon {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  created: number;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  livemode: false;
  max_redemptions: number | null;
  metadata: Metadata;
  name: string | null;
  percent_off: number | null;
  redeem_by: number | null;
  times_redeemed: number;
  /** False once it can no longer be redeemed (past redeem_by, or used up). */
  valid: boolean;
}

/** The code a customer types for a coupon: it can be switched off, expire, or be used up. */
export interface StandinPromotionCode {
  id: string;
  object: 'promotion_code';
  active: boolean;
  code: string;
  created: number;
  customer: null;
  customer_account: null;
  expires_at: number | null;
  livemode: false;
  max_redemptions: number | null;
  metadata: Metadata;
  promotion: { coupon: string; type: 'coupon' };
  restrictions: {
    first_time_transaction: false;
    minimum_amount: null;
    minimum_amount_currency: null;
  };
  times_redeemed: number;
}

/** A promotion code redeemed at Checkout, as Stripe's Discount: the code (promo_…) and its coupon. */
export interface StandinDiscount {
  id: string;
  object: 'discount';
  checkout_session: string;
  customer: string;
  end: number | null;
  invoice: null;
  invoice_item: null;
  promotion_code: string;
  source: { coupon: string; type: 'coupon' };
  start: number;
  subscription: string;
  subscription_item: null;
}

export interface StandinCheckoutSession {
  id: string;
  object: 'checkout.session';
  allow_promotion_codes: boolean | null;
  /** The promotion code applied on the Checkout page (its promo_… id), once paid with one. */
  discounts: { coupon: string | null; promotion_code: string }[];
  amount_subtotal: number;
  /** What the first invoice charges: the subtotal less the discount (nothing during a trial). */
  amount_total: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string;
  customer_email: null;
  expires_at: number;
  invoice: null;
  livemode: false;
  metadata: Metadata;
  mode: 'subscription';
  payment_intent: null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string;
  ui_mode: 'hosted';
  /** Only while the session is open, as in Stripe. */
  url: string | null;
}

/** What the stand-in remembers of a checkout session beyond what Stripe returns. */
export interface CheckoutRecord {
  session: StandinCheckoutSession;
  priceId: string;
  quantity: number;
  trialPeriodDays: number | null;
  subscriptionMetadata: Metadata;
}

export interface StandinPortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface StandinSubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_start: number;
  current_period_end: number;
  discounts: string[];
  metadata: Metadata;
  price: StandinPrice;
  quantity: number;
  subscription: string;
  tax_rates: [];
}

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled';

export interface StandinSubscription {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: null; feedback: null; reason: 'cancellation_requested' | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  days_until_due: null;
  default_payment_method: null;
  description: null;
  /** The ids of the discounts (a promotion code entered at Checkout gives one). */
  discounts: string[];
  ended_at: number | null;
  items: {
    object: 'list';
    data: StandinSubscriptionItem[];
    has_more: false;
    total_count: number;
    url: string;
  };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  pause_collection: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  trial_end: number | null;
  trial_start: number | null;
}

export interface StandinInvoice {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_cycle';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  lines: { object: 'list'; data: []; has_more: false; url: string };
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  period_end: number;
  period_start: number;
  status: 'open';
  subtotal: number;
  total: number;
  /** The discounts taken off it (ids). */
  discounts: string[];
}

export type EventObject = StandinCheckoutSession | StandinSubscription | StandinInvoice;

export interface StandinEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: EventObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: Stripe.Event.Type;
}

export interface DeliveryAttempt {
  /** Real time of the attempt (ISO 8601). */
  at: string;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  error?: string;
}

export interface Delivery {
  eventId: string;
  type: Stripe.Event.Type;
  status: 'pending' | 'delivered' | 'failed' | 'skipped';
  attempts: DeliveryAttempt[];
}

/** Everything the stand-in knows; this is what the state file holds. */
export interface StandinState {
  version: 1;
  /** Milliseconds the stand-in clock runs ahead of `now()`. */
  clockOffsetMs: number;
  customers: Record<string, StandinCustomer>;
  checkoutSessions: Record<string, CheckoutRecord>;
  portalSessions: Record<string, StandinPortalSession>;
  subscriptions: Record<string, StandinSubscription>;
  invoices: Record<string, StandinInvoice>;
  /** The discounts promotion codes gave, by id (Stripe has no endpoint listing them). */
  discounts: Record<string, StandinDiscount>;
  coupons: Record<string, StandinCoupon>;
  promotionCodes: Record<string, StandinPromotionCode>;
  /** Prices learned after the start (POST /_standin/prices), besides the configured ones. */
  prices: Record<string, PriceConfig>;
  events: StandinEvent[];
  deliveries: Delivery[];
}

// Compile-time check that the shapes above stay Stripe's: every field the stand-in sends
// exists in the SDK's type for the object, and a field that is not an object has a
// type the SDK's allows (objects inside are checked by name only).
type Mismatch<Ours, Theirs> = {
  [K in keyof Ours]-?: K extends keyof Theirs
    ? NonNullable<Ours[K]> extends object
      ? never
      : Ours[K] extends Theirs[K]
        ? never
        : K
    : K;
}[keyof Ours];
type NoMismatch<T extends never> = T;
export type ShapeChecks = [
  NoMismatch<Mismatch<StandinCustomer, Stripe.Customer>>,
  // On the wire a decimal is a string; the SDK turns it into its Decimal class.
  NoMismatch<Mismatch<Omit<StandinPrice, 'unit_amount_decimal'>, Stripe.Price>>,
  NoMismatch<Mismatch<StandinPrice['recurring'], NonNullable<Stripe.Price['recurring']>>>,
  NoMismatch<Mismatch<StandinCheckoutSession, Stripe.Checkout.Session>>,
  NoMismatch<Mismatch<StandinPortalSession, Stripe.BillingPortal.Session>>,
  NoMismatch<Mismatch<StandinSubscription, Stripe.Subscription>>,
  NoMismatch<Mismatch<StandinDiscount, Stripe.Discount>>,
  NoMismatch<Mismatch<StandinCoupon, Stripe.Coupon>>,
  NoMismatch<Mismatch<StandinPromotionCode, Stripe.PromotionCode>>,
  NoMismatch<Mismatch<StandinPromotionCode['promotion'], Stripe.PromotionCode.Promotion>>,
  NoMismatch<Mismatch<StandinPromotionCode['restrictions'], Stripe.PromotionCode.Restrictions>>,
  NoMismatch<
    Mismatch<StandinCheckoutSession['total_details'], NonNullable<Stripe.Checkout.Session['total_details']>>
  >,
  NoMismatch<
    Mismatch<
      StandinSubscription['cancellation_details'],
      NonNullable<Stripe.Subscription['cancellation_details']>
    >
  >,
  NoMismatch<Mismatch<StandinSubscriptionItem, Stripe.SubscriptionItem>>,
  NoMismatch<Mismatch<StandinInvoice, Stripe.Invoice>>,
  NoMismatch<Mismatch<StandinInvoice['parent'], NonNullable<Stripe.Invoice['parent']>>>,
  NoMismatch<
    Mismatch<
      StandinInvoice['parent']['subscription_details'],
      NonNullable<NonNullable<Stripe.Invoice['parent']>['subscription_details']>
    >
  >,
  NoMismatch<Mismatch<StandinEvent, Stripe.Event>>,
];
