// What the stand-in does to its objects: create customers and sessions, turn a paid
// checkout into a subscription (with a promotion code's discount, checked as Stripe
// checks it), cancel at period end, move subscriptions on when the clock passes their
// period end, and fail a payment. Each change returns the events
// it caused, in the order Stripe sends them; the server delivers them.
import Stripe from 'stripe';
import { missingParam, noSuch, PageError, StripeApiError } from './errors.ts';
import { formRecord, formString, type FormObject } from './form.ts';
import { addMonths, periodEndAfter, trialEnd } from './periods.ts';
import { newId, type Store } from './store.ts';
import type {
  CheckoutRecord,
  EventObject,
  PriceConfig,
  PromotionCodeConfig,
  StandinCheckoutSession,
  StandinCoupon,
  StandinCustomer,
  StandinDiscount,
  StandinPromotionCode,
  StandinEvent,
  StandinInvoice,
  StandinPortalSession,
  StandinPrice,
  StandinSubscription,
} from './types.ts';

/** The API version the installed SDK speaks; events carry it as Stripe's would. */
export const API_VERSION: string = Stripe.API_VERSION;

export const DEFAULT_PRICES: PriceConfig[] = [
  {
    id: 'price_shelfmark_premium_monthly',
    unitAmount: 500,
    currency: 'usd',
    interval: 'month',
    productName: 'Shelfmark Premium',
  },
];

/**
 * The promotion code the demo's holiday card names (scripts/seed/site.ts): 50% off the
 * first invoice. Tests make their own through the API.
 */
export const DEFAULT_PROMOTION_CODES: PromotionCodeConfig[] = [
  { code: 'HOLIDAY50', percentOff: 50, duration: 'once' },
];

/** Why Checkout refuses a promotion code, in the words its page uses. */
export const PROMOTION_CODE_REFUSALS = {
  unknown: 'This code is invalid.',
  inactive: 'This code is no longer active.',
  expired: 'This code has expired.',
  usedUp: 'This code has reached its limit of redemptions.',
} as const;

/** A checkout session can be paid for a day after it was created, as in Stripe. */
const CHECKOUT_LIFETIME = 24 * 3600;
/** Stripe retries a failed renewal payment after some days; the stand-in only reports when. */
const PAYMENT_RETRY_AFTER = 3 * 86_400;

export class Billing {
  readonly #store: Store;
  readonly #prices: Map<string, PriceConfig>;
  readonly #promotionCodes: PromotionCodeConfig[];
  readonly #baseUrl: () => string;

  constructor(
    store: Store,
    prices: PriceConfig[],
    baseUrl: () => string,
    promotionCodes: PromotionCodeConfig[] = DEFAULT_PROMOTION_CODES,
  ) {
    this.#store = store;
    this.#prices = new Map(prices.map((p) => [p.id, p]));
    this.#baseUrl = baseUrl;
    this.#promotionCodes = promotionCodes;
    this.seedPromotionCodes();
  }

  get #state() {
    return this.#store.state;
  }

  #priceConfig(id: string): PriceConfig | undefined {
    return this.#prices.get(id) ?? this.#state.prices[id];
  }

  /** Learns a price (a test control), so a checkout can buy something other than Premium. */
  learnPrice(config: PriceConfig): StandinPrice {
    if (!/^price_\w+$/.test(config.id) || !Number.isInteger(config.unitAmount) || config.unitAmount < 0)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'Send {"id": "price_…", "unitAmount": <cents>, "currency"?, "interval"?, "productName"?}.',
      });
    this.#state.prices[config.id] = config;
    this.#store.save();
    return this.price(config.id)!;
  }

  /** Creates the configured promotion codes that the state does not have yet (at start and after a reset). */
  seedPromotionCodes(): void {
    for (const config of this.#promotionCodes) {
      if (this.#findPromotionCode(config.code)) continue;
      const coupon = this.#newCoupon({
        percent_off: config.percentOff ?? null,
        amount_off: config.amountOff ?? null,
        currency: config.amountOff === undefined ? null : (config.currency ?? 'usd'),
        duration: config.duration,
        duration_in_months: config.durationInMonths ?? null,
        max_redemptions: null,
        redeem_by: null,
        name: config.code,
      });
      this.#newPromotionCode(coupon, config.code, true, null, null);
    }
    this.#store.save();
  }

  price(id: string): StandinPrice | undefined {
    const config = this.#priceConfig(id);
    if (!config) return undefined;
    return {
      id: config.id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: 0,
      currency: config.currency,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: config.productName,
      product: `prod_${config.id.replace(/^price_/, '')}`,
      recurring: {
        interval: config.interval,
        interval_count: 1,
        meter: null,
        trial_period_days: null,
        usage_type: 'licensed',
      },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: config.unitAmount,
      unit_amount_decimal: String(config.unitAmount),
    };
  }

  createCustomer(form: FormObject): StandinCustomer {
    const customer: StandinCustomer = {
      id: newId('cus', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: this.#store.nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: formString(form, 'description') ?? null,
      email: formString(form, 'email') || null,
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: formRecord(form, 'metadata'),
      name: formString(form, 'name') || null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.#state.customers[customer.id] = customer;
    this.#store.save();
    return customer;
  }

  /** Refuses what Stripe would refuse for Shelfmark's use: only subscriptions, to a known price and customer. */
  createCheckoutSession(form: FormObject): StandinCheckoutSession {
    const mode = formString(form, 'mode');
    if (!mode) throw missingParam('mode');
    if (mode !== 'subscription')
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `The Stripe stand-in only creates checkout sessions with mode=subscription, not '${mode}'.`,
        param: 'mode',
      });
    const priceId = formString(form, 'line_items', '0', 'price');
    if (!priceId) throw missingParam('line_items[0][price]');
    const price = this.#priceConfig(priceId);
    if (!price) throw noSuch('price', priceId, 'line_items[0][price]', 400);
    const customerId = formString(form, 'customer');
    if (!customerId) throw missingParam('customer');
    if (!this.#state.customers[customerId]) throw noSuch('customer', customerId, 'customer', 400);
    const successUrl = formString(form, 'success_url');
    if (!successUrl) throw missingParam('success_url');
    const quantity = Number(formString(form, 'line_items', '0', 'quantity') ?? '1');
    if (!Number.isInteger(quantity) || quantity < 1)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'Invalid positive integer',
        param: 'line_items[0][quantity]',
      });
    const trialText = formString(form, 'subscription_data', 'trial_period_days');
    const trialPeriodDays = trialText ? Number(trialText) : null;
    if (trialPeriodDays !== null && (!Number.isInteger(trialPeriodDays) || trialPeriodDays < 1))
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'Invalid positive integer',
        param: 'subscription_data[trial_period_days]',
      });
    const created = this.#store.nowSeconds();
    const id = newId('cs_test', 58);
    const subtotal = price.unitAmount * quantity;
    const session: StandinCheckoutSession = {
      id,
      object: 'checkout.session',
      allow_promotion_codes: formString(form, 'allow_promotion_codes') === 'true' ? true : null,
      discounts: [],
      amount_subtotal: subtotal,
      // A trial's first invoice is for nothing.
      amount_total: trialPeriodDays ? 0 : subtotal,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      cancel_url: formString(form, 'cancel_url') ?? null,
      client_reference_id: formString(form, 'client_reference_id') ?? null,
      created,
      currency: price.currency,
      customer: customerId,
      customer_email: null,
      expires_at: created + CHECKOUT_LIFETIME,
      invoice: null,
      livemode: false,
      metadata: formRecord(form, 'metadata'),
      mode: 'subscription',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl,
      ui_mode: 'hosted',
      url: `${this.#baseUrl()}/checkout/${id}`,
    };
    this.#state.checkoutSessions[id] = {
      session,
      priceId,
      quantity,
      trialPeriodDays,
      subscriptionMetadata: formRecord(form, 'subscription_data', 'metadata'),
    };
    this.#store.save();
    return session;
  }

  checkoutSession(id: string): StandinCheckoutSession {
    const record = this.#state.checkoutSessions[id];
    if (!record) throw noSuch('checkout.session', id, 'session', 404);
    return this.#expiredIfDue(record).session;
  }

  /** POST /v1/checkout/sessions/:id/expire: an open session can no longer be paid; any other is refused, as in Stripe. */
  expireCheckoutSession(id: string): StandinCheckoutSession {
    const session = this.checkoutSession(id);
    if (session.status !== 'open')
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${session.status}".`,
      });
    session.status = 'expired';
    session.url = null;
    this.#store.save();
    return session;
  }

  /** A session past its expires_at (on the stand-in clock) is expired when next looked at. */
  #expiredIfDue(record: CheckoutRecord): CheckoutRecord {
    const { session } = record;
    if (session.status === 'open' && session.expires_at <= this.#store.nowSeconds()) {
      session.status = 'expired';
      session.url = null;
      this.#store.save();
    }
    return record;
  }

  /** POST /v1/coupons: percent_off or amount_off (with currency), duration, and optional limits. */
  createCoupon(form: FormObject): StandinCoupon {
    const number = (name: string) => {
      const text = formString(form, name);
      if (text === undefined || text === '') return null;
      const value = Number(text);
      if (!Number.isFinite(value) || value < 0)
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          message: `Invalid ${name}`,
          param: name,
        });
      return value;
    };
    const percentOff = number('percent_off');
    const amountOff = number('amount_off');
    if ((percentOff === null) === (amountOff === null) || (percentOff !== null && percentOff > 100))
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'Exactly one of percent_off (0-100) and amount_off must be provided.',
        param: 'percent_off',
      });
    const currency = formString(form, 'currency') ?? null;
    if (amountOff !== null && !currency) throw missingParam('currency');
    const duration = formString(form, 'duration') ?? 'once';
    if (duration !== 'once' && duration !== 'repeating' && duration !== 'forever')
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `Invalid duration: must be one of once, repeating, or forever`,
        param: 'duration',
      });
    const months = number('duration_in_months');
    if (duration === 'repeating' && months === null) throw missingParam('duration_in_months');
    const coupon = this.#newCoupon({
      percent_off: percentOff,
      amount_off: amountOff,
      currency: amountOff === null ? null : (currency ?? null),
      duration,
      duration_in_months: duration === 'repeating' ? months : null,
      max_redemptions: number('max_redemptions'),
      redeem_by: number('redeem_by'),
      name: formString(form, 'name') ?? null,
    });
    this.#store.save();
    return coupon;
  }

  coupon(id: string): StandinCoupon {
    const coupon = this.#state.coupons[id];
    if (!coupon) throw noSuch('coupon', id, 'coupon', 404);
    return coupon;
  }

  /** POST /v1/promotion_codes: a code for a coupon, active unless said otherwise, with an optional expiry and limit. */
  createPromotionCode(form: FormObject): StandinPromotionCode {
    const couponId = formString(form, 'promotion', 'coupon');
    if (!couponId) throw missingParam('promotion[coupon]');
    const coupon = this.#state.coupons[couponId];
    if (!coupon) throw noSuch('coupon', couponId, 'promotion[coupon]', 400);
    const code = formString(form, 'code') || newId('', 8).slice(1).toUpperCase();
    if (!/^[A-Za-z0-9_-]{1,500}$/.test(code) || this.#findPromotionCode(code, true))
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `An active promotion code with \`code: ${code}\` already exists, or the code is not valid.`,
        param: 'code',
      });
    const expiresText = formString(form, 'expires_at');
    const expiresAt = expiresText ? Number(expiresText) : null;
    if (expiresAt !== null && !(Number.isInteger(expiresAt) && expiresAt > this.#store.nowSeconds()))
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'expires_at must be a timestamp in the future.',
        param: 'expires_at',
      });
    const maxText = formString(form, 'max_redemptions');
    const max = maxText ? Number(maxText) : null;
    if (max !== null && !(Number.isInteger(max) && max > 0))
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'Invalid positive integer',
        param: 'max_redemptions',
      });
    const promotionCode = this.#newPromotionCode(
      coupon,
      code,
      formString(form, 'active') !== 'false',
      expiresAt,
      max,
    );
    this.#store.save();
    return promotionCode;
  }

  promotionCode(id: string): StandinPromotionCode {
    const promotionCode = this.#state.promotionCodes[id];
    if (!promotionCode) throw noSuch('promotion_code', id, 'promotion_code', 404);
    return promotionCode;
  }

  /** POST /v1/promotion_codes/:id: switches a code on or off. */
  updatePromotionCode(id: string, form: FormObject): StandinPromotionCode {
    const promotionCode = this.promotionCode(id);
    const active = formString(form, 'active');
    if (active !== undefined) promotionCode.active = active === 'true';
    this.#store.save();
    return promotionCode;
  }

  #newCoupon(
    fields: Pick<
      StandinCoupon,
      | 'percent_off'
      | 'amount_off'
      | 'currency'
      | 'duration'
      | 'duration_in_months'
      | 'max_redemptions'
      | 'redeem_by'
      | 'name'
    >,
  ): StandinCoupon {
    const coupon: StandinCoupon = {
      id: newId('', 8).slice(1),
      object: 'coupon',
      created: this.#store.nowSeconds(),
      livemode: false,
      metadata: {},
      times_redeemed: 0,
      valid: true,
      ...fields,
    };
    this.#state.coupons[coupon.id] = coupon;
    return coupon;
  }

  #newPromotionCode(
    coupon: StandinCoupon,
    code: string,
    active: boolean,
    expiresAt: number | null,
    maxRedemptions: number | null,
  ): StandinPromotionCode {
    const promotionCode: StandinPromotionCode = {
      id: newId('promo', 24),
      object: 'promotion_code',
      active,
      code,
      created: this.#store.nowSeconds(),
      customer: null,
      customer_account: null,
      expires_at: expiresAt,
      livemode: false,
      max_redemptions: maxRedemptions,
      metadata: {},
      promotion: { coupon: coupon.id, type: 'coupon' },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 0,
    };
    this.#state.promotionCodes[promotionCode.id] = promotionCode;
    return promotionCode;
  }

  /** The promotion code a customer typed (codes are case-insensitive), preferring an active one. */
  #findPromotionCode(code: string, activeOnly = false): StandinPromotionCode | undefined {
    const wanted = code.toLowerCase();
    const matching = Object.values(this.#state.promotionCodes).filter((p) => p.code.toLowerCase() === wanted);
    return matching.find((p) => p.active) ?? (activeOnly ? undefined : matching[0]);
  }

  /** The promotion code and coupon a typed code redeems now, or why Checkout refuses it. */
  #redeemable(code: string): { promotionCode: StandinPromotionCode; coupon: StandinCoupon } | string {
    const promotionCode = this.#findPromotionCode(code);
    const coupon = promotionCode ? this.#state.coupons[promotionCode.promotion.coupon] : undefined;
    if (!promotionCode || !coupon) return PROMOTION_CODE_REFUSALS.unknown;
    const now = this.#store.nowSeconds();
    if (!promotionCode.active) return PROMOTION_CODE_REFUSALS.inactive;
    if (
      (promotionCode.expires_at !== null && promotionCode.expires_at <= now) ||
      (coupon.redeem_by !== null && coupon.redeem_by <= now)
    )
      return PROMOTION_CODE_REFUSALS.expired;
    if (
      (promotionCode.max_redemptions !== null &&
        promotionCode.times_redeemed >= promotionCode.max_redemptions) ||
      (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions)
    )
      return PROMOTION_CODE_REFUSALS.usedUp;
    if (!coupon.valid) return PROMOTION_CODE_REFUSALS.expired;
    return { promotionCode, coupon };
  }

  createPortalSession(form: FormObject): StandinPortalSession {
    const customerId = formString(form, 'customer');
    if (!customerId) throw missingParam('customer');
    if (!this.#state.customers[customerId]) throw noSuch('customer', customerId, 'customer', 400);
    const id = newId('bps', 24);
    const session: StandinPortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_shelfmark_standin',
      created: this.#store.nowSeconds(),
      customer: customerId,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: formString(form, 'return_url') ?? null,
      url: `${this.#baseUrl()}/portal/${id}`,
    };
    this.#state.portalSessions[id] = session;
    this.#store.save();
    return session;
  }

  subscription(id: string): StandinSubscription {
    const subscription = this.#state.subscriptions[id];
    if (!subscription) throw noSuch('subscription', id, 'id', 404);
    return subscription;
  }

  /** The checkout page's view of a session: unknown ones are a page error. */
  checkoutRecord(id: string) {
    const record = this.#state.checkoutSessions[id];
    if (!record)
      throw new PageError(404, 'Checkout not found', 'There is no checkout session with this link.');
    return this.#expiredIfDue(record);
  }

  portalSession(id: string): StandinPortalSession {
    const session = this.#state.portalSessions[id];
    if (!session)
      throw new PageError(404, 'Billing portal not found', 'There is no portal session with this link.');
    return session;
  }

  /** The customer's subscriptions, newest first. */
  subscriptionsOf(customerId: string): StandinSubscription[] {
    return Object.values(this.#state.subscriptions)
      .filter((s) => s.customer === customerId)
      .sort((a, b) => b.created - a.created);
  }

  /**
   * Paying an open session creates its subscription (trialing for the trial days, else
   * active) and completes the session. A promotion code the payer entered (on a session
   * that allows codes) must be one Stripe would take: known, active, not expired, not
   * used up; it is redeemed, its discount is taken off what the session charges and
   * recorded on both. A refused code changes nothing. Returns where to send the browser.
   */
  pay(sessionId: string, promotionCode = ''): { redirect: string; events: StandinEvent[] } {
    const record = this.checkoutRecord(sessionId);
    const { session } = record;
    if (session.status === 'expired')
      throw new PageError(410, 'Checkout expired', 'This checkout session has expired.');
    if (session.status !== 'open')
      throw new PageError(409, 'Checkout already complete', 'This checkout session has already been paid.');
    const code = promotionCode.trim();
    if (code !== '' && session.allow_promotion_codes !== true)
      throw new PageError(
        400,
        'Promotion codes not accepted',
        'This checkout session does not accept promotion codes.',
      );
    const redeemed = code === '' ? null : this.#redeemable(code);
    if (typeof redeemed === 'string') throw new PageError(400, 'Promotion code refused', redeemed);
    const price = this.price(record.priceId);
    if (!price)
      throw new PageError(410, 'Price withdrawn', `The price ${record.priceId} is no longer offered.`);
    const now = this.#store.nowSeconds();
    const trialDays = record.trialPeriodDays;
    const periodEnd = trialDays ? trialEnd(now, trialDays) : addMonths(now, intervalMonths(price));
    const id = newId('sub', 24);
    const discount: StandinDiscount | null =
      redeemed === null
        ? null
        : {
            id: newId('di', 24),
            object: 'discount',
            checkout_session: session.id,
            customer: session.customer,
            end:
              redeemed.coupon.duration === 'repeating'
                ? addMonths(now, redeemed.coupon.duration_in_months ?? 1)
                : null,
            invoice: null,
            invoice_item: null,
            promotion_code: redeemed.promotionCode.id,
            source: { coupon: redeemed.coupon.id, type: 'coupon' },
            start: now,
            subscription: id,
            subscription_item: null,
          };
    const subscription: StandinSubscription = {
      id,
      object: 'subscription',
      billing_cycle_anchor: trialDays ? periodEnd : now,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: price.currency,
      customer: session.customer,
      days_until_due: null,
      default_payment_method: null,
      description: null,
      discounts: discount ? [discount.id] : [],
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si', 14),
            object: 'subscription_item',
            created: now,
            current_period_start: now,
            current_period_end: periodEnd,
            discounts: [],
            metadata: {},
            price,
            quantity: record.quantity,
            subscription: id,
            tax_rates: [],
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: { ...record.subscriptionMetadata },
      pause_collection: null,
      schedule: null,
      start_date: now,
      status: trialDays ? 'trialing' : 'active',
      test_clock: null,
      trial_end: trialDays ? periodEnd : null,
      trial_start: trialDays ? now : null,
    };
    this.#state.subscriptions[id] = subscription;
    if (discount && redeemed) {
      this.#state.discounts[discount.id] = discount;
      redeemed.promotionCode.times_redeemed++;
      redeemed.coupon.times_redeemed++;
      const { coupon } = redeemed;
      if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions)
        coupon.valid = false;
      // The first invoice is the session's: the discount comes off it (a trial's is already nothing).
      const off = amountOff(redeemed.coupon, session.amount_total);
      session.amount_total -= off;
      session.total_details.amount_discount = off;
    }
    session.status = 'complete';
    session.payment_status = trialDays || session.amount_total === 0 ? 'no_payment_required' : 'paid';
    session.subscription = id;
    session.url = null;
    session.discounts = redeemed ? [{ coupon: null, promotion_code: redeemed.promotionCode.id }] : [];
    const events = [
      this.#event('customer.subscription.created', subscription),
      this.#event('checkout.session.completed', session),
    ];
    this.#store.save();
    return { redirect: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id), events };
  }

  /** The portal's cancel: the subscription runs to its period end, then ends. */
  cancelAtPeriodEnd(portalId: string, subscriptionId: string): StandinEvent[] {
    const portal = this.portalSession(portalId);
    const subscription = this.#state.subscriptions[subscriptionId];
    if (!subscription || subscription.customer !== portal.customer)
      throw new PageError(404, 'Subscription not found', 'This customer has no such subscription.');
    if (!isCancellable(subscription))
      throw new PageError(409, 'Cannot cancel', 'This subscription is not active or is already cancelling.');
    const before = structuredClone(subscription);
    subscription.cancel_at_period_end = true;
    subscription.cancel_at = periodEnd(subscription);
    subscription.canceled_at = this.#store.nowSeconds();
    subscription.cancellation_details = { comment: null, feedback: null, reason: 'cancellation_requested' };
    const events = [this.#event('customer.subscription.updated', subscription, before)];
    this.#store.save();
    return events;
  }

  /**
   * Cancels at once (DELETE /v1/subscriptions/:id, what deleting an account does):
   * the subscription ends now and `customer.subscription.deleted` is sent. Cancelling
   * an already cancelled one answers it unchanged, with no event.
   */
  cancelNow(subscriptionId: string): { subscription: StandinSubscription; events: StandinEvent[] } {
    const subscription = this.#state.subscriptions[subscriptionId];
    if (!subscription) throw noSuch('subscription', subscriptionId, 'subscription', 404);
    if (subscription.status === 'canceled') return { subscription, events: [] };
    const before = structuredClone(subscription);
    const now = this.#store.nowSeconds();
    subscription.status = 'canceled';
    subscription.canceled_at = now;
    subscription.ended_at = now;
    subscription.cancellation_details = { comment: null, feedback: null, reason: 'cancellation_requested' };
    const events = [this.#event('customer.subscription.deleted', subscription, before)];
    this.#store.save();
    return { subscription, events };
  }

  /**
   * Moves the clock on; every subscription whose period has ended moves on, period by
   * period: a cancelling one ends, a trial becomes active with a paid period, an active
   * one renews. A past-due one waits (the stand-in has no payment retries).
   */
  advanceClock(seconds: number): StandinEvent[] {
    this.#store.advance(seconds);
    const now = this.#store.nowSeconds();
    const events: StandinEvent[] = [];
    const subscriptions = Object.values(this.#state.subscriptions).sort((a, b) => a.created - b.created);
    for (const subscription of subscriptions) {
      const item = subscription.items.data[0];
      if (!item) continue;
      while (subscription.status !== 'canceled' && item.current_period_end <= now) {
        const before = structuredClone(subscription);
        const ended = item.current_period_end;
        if (subscription.cancel_at_period_end) {
          subscription.status = 'canceled';
          subscription.ended_at = ended;
          events.push(this.#event('customer.subscription.deleted', subscription, before));
        } else if (subscription.status === 'trialing' || subscription.status === 'active') {
          subscription.status = 'active';
          item.current_period_start = ended;
          item.current_period_end = periodEndAfter(
            subscription.billing_cycle_anchor,
            ended,
            intervalMonths(item.price),
          );
          events.push(this.#event('customer.subscription.updated', subscription, before));
        } else {
          break;
        }
      }
    }
    this.#store.save();
    return events;
  }

  /** A renewal payment that failed: an open invoice, and the subscription past due. */
  paymentFailed(subscriptionId: string): StandinEvent[] {
    const subscription = this.#state.subscriptions[subscriptionId];
    if (!subscription) throw noSuch('subscription', subscriptionId, 'subscription', 404);
    if (subscription.status === 'canceled')
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `Subscription ${subscriptionId} is canceled; no payment can fail for it.`,
        param: 'subscription',
      });
    const item = subscription.items.data[0];
    const now = this.#store.nowSeconds();
    const subtotal = (item?.price.unit_amount ?? 0) * (item?.quantity ?? 1);
    const discount = this.#discountOn(subscription, item?.current_period_start ?? now);
    const amount = subtotal - (discount ? amountOff(discount.coupon, subtotal) : 0);
    const invoice: StandinInvoice = {
      id: newId('in', 24),
      object: 'invoice',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: 'subscription_cycle',
      collection_method: 'charge_automatically',
      created: now,
      currency: subscription.currency,
      customer: subscription.customer,
      lines: { object: 'list', data: [], has_more: false, url: '/v1/invoices/lines' },
      livemode: false,
      metadata: {},
      next_payment_attempt: now + PAYMENT_RETRY_AFTER,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      },
      period_end: item?.current_period_end ?? now,
      period_start: item?.current_period_start ?? now,
      status: 'open',
      subtotal,
      total: amount,
      discounts: discount ? [discount.discount.id] : [],
    };
    invoice.lines.url = `/v1/invoices/${invoice.id}/lines`;
    this.#state.invoices[invoice.id] = invoice;
    const before = structuredClone(subscription);
    subscription.status = 'past_due';
    subscription.latest_invoice = invoice.id;
    const events = [
      this.#event('invoice.payment_failed', invoice),
      this.#event('customer.subscription.updated', subscription, before),
    ];
    this.#store.save();
    return events;
  }

  /**
   * The subscription's discount that still applies to an invoice for the period
   * starting at `periodStart`: 'forever' always, 'repeating' until its end, 'once'
   * only on the first invoice (Checkout's).
   */
  #discountOn(
    subscription: StandinSubscription,
    periodStart: number,
  ): { discount: StandinDiscount; coupon: StandinCoupon } | null {
    for (const id of subscription.discounts) {
      const discount = this.#state.discounts[id];
      const coupon = discount ? this.#state.coupons[discount.source.coupon] : undefined;
      if (!discount || !coupon) continue;
      if (coupon.duration === 'forever') return { discount, coupon };
      if (coupon.duration === 'repeating' && discount.end !== null && periodStart < discount.end)
        return { discount, coupon };
    }
    return null;
  }

  /** An event carries a copy of the object as it is now, and for an update the fields it had before. */
  #event(type: Stripe.Event.Type, object: EventObject, before?: EventObject): StandinEvent {
    const event: StandinEvent = {
      id: newId('evt', 24),
      object: 'event',
      api_version: API_VERSION,
      created: this.#store.nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    if (before) event.data.previous_attributes = changedFields(before, object);
    this.#state.events.push(event);
    return event;
  }
}

export function isCancellable(subscription: StandinSubscription): boolean {
  return (
    (subscription.status === 'active' || subscription.status === 'trialing') &&
    !subscription.cancel_at_period_end
  );
}

export function periodEnd(subscription: StandinSubscription): number | null {
  return subscription.items.data[0]?.current_period_end ?? null;
}

/** What a coupon takes off an amount: a percentage (rounded to the unit), or a fixed amount, never more than the amount. */
export function amountOff(coupon: StandinCoupon, amount: number): number {
  if (coupon.percent_off !== null) return Math.round((amount * coupon.percent_off) / 100);
  return Math.min(coupon.amount_off ?? 0, amount);
}

function intervalMonths(price: StandinPrice): number {
  return price.recurring.interval === 'year' ? 12 : 1;
}

/** The top-level fields whose value differs, with their earlier values (Stripe's previous_attributes). */
function changedFields(before: object, after: object): Record<string, unknown> {
  const earlier = before as Record<string, unknown>;
  const later = after as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(later))
    if (JSON.stringify(earlier[key]) !== JSON.stringify(later[key])) changed[key] = earlier[key];
  return changed;
}
