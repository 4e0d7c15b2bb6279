// What the stand-in does to its objects: create customers and sessions, turn a paid
// checkout into a subscription, cancel at period end, move subscriptions on when the
// clock passes their period end, and fail a payment. Each change returns the events
// it caused, in the order Stripe sends them; the server delivers them.
import Stripe from 'stripe';
import { missingParam, noSuch, PageError, StripeApiError } from './errors.ts';
import { formRecord, formString, type FormObject } from './form.ts';
import { addMonths, periodEndAfter, trialEnd } from './periods.ts';
import { newId, type Store } from './store.ts';
import type {
  EventObject,
  PriceConfig,
  StandinCheckoutSession,
  StandinCustomer,
  StandinDiscount,
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

/** A checkout session can be paid for a day after it was created, as in Stripe. */
const CHECKOUT_LIFETIME = 24 * 3600;
/** Stripe retries a failed renewal payment after some days; the stand-in only reports when. */
const PAYMENT_RETRY_AFTER = 3 * 86_400;

export class Billing {
  readonly #store: Store;
  readonly #prices: Map<string, PriceConfig>;
  readonly #baseUrl: () => string;

  constructor(store: Store, prices: PriceConfig[], baseUrl: () => string) {
    this.#store = store;
    this.#prices = new Map(prices.map((p) => [p.id, p]));
    this.#baseUrl = baseUrl;
  }

  get #state() {
    return this.#store.state;
  }

  price(id: string): StandinPrice | undefined {
    const config = this.#prices.get(id);
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
    const price = this.#prices.get(priceId);
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
    return record.session;
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
    return record;
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
   * active) and completes the session. A promotion code the payer entered (any
   * non-empty one, on a session that allows codes) is recorded on both as the
   * discount; nothing is taken off. Returns where to send the browser.
   */
  pay(sessionId: string, promotionCode = ''): { redirect: string; events: StandinEvent[] } {
    const record = this.checkoutRecord(sessionId);
    const { session } = record;
    if (session.status !== 'open')
      throw new PageError(409, 'Checkout already complete', 'This checkout session has already been paid.');
    const code = promotionCode.trim();
    if (code !== '' && session.allow_promotion_codes !== true)
      throw new PageError(
        400,
        'Promotion codes not accepted',
        'This checkout session does not accept promotion codes.',
      );
    const price = this.price(record.priceId);
    if (!price)
      throw new PageError(410, 'Price withdrawn', `The price ${record.priceId} is no longer offered.`);
    const now = this.#store.nowSeconds();
    const trialDays = record.trialPeriodDays;
    const periodEnd = trialDays ? trialEnd(now, trialDays) : addMonths(now, intervalMonths(price));
    const id = newId('sub', 24);
    const discount: StandinDiscount | null =
      code === ''
        ? null
        : {
            id: newId('di', 24),
            object: 'discount',
            checkout_session: session.id,
            customer: session.customer,
            end: null,
            promotion_code: code,
            start: now,
            subscription: id,
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
    if (discount) this.#state.discounts[discount.id] = discount;
    session.status = 'complete';
    session.payment_status = trialDays ? 'no_payment_required' : 'paid';
    session.subscription = id;
    session.url = null;
    session.discounts = discount ? [{ coupon: null, promotion_code: code }] : [];
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
    const amount = (item?.price.unit_amount ?? 0) * (item?.quantity ?? 1);
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
      subtotal: amount,
      total: amount,
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
