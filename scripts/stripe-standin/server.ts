// The stand-in's HTTP server (node:http only): the few Stripe API calls Shelfmark makes
// under /v1, the hosted Checkout and portal pages, and test controls under /_standin.
// Any other request is answered 404 with a Stripe error body and logged, so a call the
// stand-in was not built for shows up instead of passing silently.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Billing, DEFAULT_PRICES } from './billing.ts';
import { PageError, StripeApiError, type StripeErrorBody } from './errors.ts';
import { Deliverer } from './events.ts';
import { formString, parseForm } from './form.ts';
import { checkoutPage, errorPage, formatDate, portalPage } from './pages.ts';
import { newId, Store } from './store.ts';
import type { PriceConfig, PromotionCodeConfig, StandinEvent } from './types.ts';

export interface StripeStandinOptions {
  /** 0 picks a free port (see `url`). */
  port: number;
  /** Where events are POSTed; empty records them without sending. */
  webhookUrl: string;
  webhookSecret: string;
  /** A JSON file the state is kept in across restarts; none keeps it in memory only. */
  stateFile?: string;
  /** The real clock in milliseconds (Date.now by default); the stand-in clock runs ahead of it by the advances. */
  now?: () => number;
  /** The prices checkout accepts; by default only Shelfmark Premium, $5.00 per month. More can be learned (POST /_standin/prices). */
  prices?: PriceConfig[];
  /** The promotion codes it starts with (and has again after a reset); by default HOLIDAY50, 50% off once. */
  promotionCodes?: PromotionCodeConfig[];
  /** Where the stand-in reports unplanned requests and failed deliveries; console.log by default. */
  log?: (line: string) => void;
}

export interface StripeStandin {
  /** http://127.0.0.1:<port>, with no trailing slash. */
  url: string;
  close(): Promise<void>;
  /** Moves the stand-in clock on and resolves once the events it caused are delivered. */
  advanceClock(seconds: number): Promise<void>;
}

/** A page waits this long at most for the webhooks it set off before it answers anyway. */
const PAGE_WAIT_FOR_DELIVERY_MS = 15_000;
const MAX_BODY_BYTES = 1024 * 1024;

export async function startStripeStandin(options: StripeStandinOptions): Promise<StripeStandin> {
  const log = options.log ?? ((line: string) => console.log(`[stripe-standin] ${line}`));
  const store = new Store({ stateFile: options.stateFile, now: options.now ?? Date.now });
  let baseUrl = '';
  const billing = new Billing(store, options.prices ?? DEFAULT_PRICES, () => baseUrl, options.promotionCodes);
  const deliverer = new Deliverer({
    store,
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret,
    log,
  });
  /** Answers to POSTs by their Idempotency-Key, so an SDK retry after a lost answer creates nothing twice. */
  const idempotent = new Map<string, { status: number; body: unknown }>();

  const deliver = (events: StandinEvent[]) =>
    Promise.race([deliverer.enqueue(events), sleep(PAGE_WAIT_FOR_DELIVERY_MS)]);

  async function advance(seconds: number) {
    const events = billing.advanceClock(seconds);
    await deliverer.enqueue(events);
    return events;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://standin').pathname;
    const body = await readBody(req);
    let match: RegExpExecArray | null;

    if (path.startsWith('/v1/')) {
      const auth = req.headers.authorization ?? '';
      if (!/^Bearer sk_\S+$/.test(auth))
        throw new StripeApiError(401, {
          type: 'invalid_request_error',
          message: 'You did not provide an API key. Send it as `Authorization: Bearer sk_...`.',
        });
      const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const cacheKey = typeof key === 'string' ? `${path} ${key}` : undefined;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached) return sendJson(res, cached.status, cached.body);
      const cancelled = method === 'DELETE' ? /^\/v1\/subscriptions\/([^/]+)$/.exec(path) : null;
      if (cancelled) {
        const { subscription, events } = billing.cancelNow(decodeURIComponent(cancelled[1] ?? ''));
        // Answered at once, as Stripe does: the caller may be the webhook receiver itself,
        // whose answer the delivery queue is waiting for.
        void deliverer.enqueue(events);
        return sendJson(res, 200, subscription);
      }
      const answer = api(method, path, body);
      if (answer === undefined) return unplanned(res, method, path);
      if (cacheKey) idempotent.set(cacheKey, { status: 200, body: answer });
      return sendJson(res, 200, answer);
    }

    if ((match = /^\/checkout\/([^/]+)$/.exec(path)) && method === 'GET') {
      const record = billing.checkoutRecord(decodeURIComponent(match[1] ?? ''));
      return sendHtml(res, 200, checkoutPage(record, billing.price(record.priceId)));
    }
    if ((match = /^\/checkout\/([^/]+)\/pay$/.exec(path)) && method === 'POST') {
      const promotionCode = formString(parseForm(body), 'promotion_code') ?? '';
      const { redirect, events } = billing.pay(decodeURIComponent(match[1] ?? ''), promotionCode);
      await deliver(events);
      res.writeHead(303, { Location: redirect, 'Content-Length': '0' });
      res.end();
      return;
    }
    if ((match = /^\/portal\/([^/]+)$/.exec(path)) && method === 'GET') {
      const portal = billing.portalSession(decodeURIComponent(match[1] ?? ''));
      return sendHtml(res, 200, portalPage(portal, billing.subscriptionsOf(portal.customer)));
    }
    if ((match = /^\/portal\/([^/]+)\/cancel$/.exec(path)) && method === 'POST') {
      const portalId = decodeURIComponent(match[1] ?? '');
      const subscriptionId = formString(parseForm(body), 'subscription') ?? '';
      const events = billing.cancelAtPeriodEnd(portalId, subscriptionId);
      await deliver(events);
      const portal = billing.portalSession(portalId);
      const cancelled = billing.subscription(subscriptionId);
      const ends = cancelled.cancel_at;
      const notice = `Your subscription has been cancelled.${ends ? ` It ends on ${formatDate(ends)}.` : ''}`;
      return sendHtml(res, 200, portalPage(portal, billing.subscriptionsOf(portal.customer), notice));
    }

    if (path === '/_standin/state' && method === 'GET') return sendJson(res, 200, store.state);
    if (path === '/_standin/reset' && method === 'POST') {
      store.reset();
      billing.seedPromotionCodes();
      idempotent.clear();
      return sendJson(res, 200, { reset: true });
    }
    if (path === '/_standin/clock/advance' && method === 'POST') {
      const seconds = jsonBody(body).seconds;
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          message: 'Send {"seconds": <a non-negative number>}.',
          param: 'seconds',
        });
      const events = await advance(seconds);
      return sendJson(res, 200, { now: store.nowSeconds(), events: events.map(summary) });
    }
    if (path === '/_standin/prices' && method === 'POST') {
      const price = jsonBody(body);
      return sendJson(
        res,
        200,
        billing.learnPrice({
          id: String(price.id ?? ''),
          unitAmount: Number(price.unitAmount),
          currency: typeof price.currency === 'string' ? price.currency : 'usd',
          interval: price.interval === 'year' ? 'year' : 'month',
          productName: typeof price.productName === 'string' ? price.productName : String(price.id ?? ''),
        }),
      );
    }
    if (path === '/_standin/payment-failed' && method === 'POST') {
      const subscription = jsonBody(body).subscription;
      if (typeof subscription !== 'string' || !subscription)
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          message: 'Send {"subscription": "sub_…"}.',
          param: 'subscription',
        });
      const events = billing.paymentFailed(subscription);
      await deliverer.enqueue(events);
      return sendJson(res, 200, {
        subscription: billing.subscription(subscription),
        events: events.map(summary),
      });
    }

    return unplanned(res, method, path);
  }

  /** The Stripe API calls Shelfmark makes; undefined for any other. */
  function api(method: string, path: string, body: string): unknown {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') return billing.createCustomer(parseForm(body));
    if (method === 'POST' && path === '/v1/checkout/sessions')
      return billing.createCheckoutSession(parseForm(body));
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)))
      return billing.checkoutSession(decodeURIComponent(match[1] ?? ''));
    if (method === 'POST' && (match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)))
      return billing.expireCheckoutSession(decodeURIComponent(match[1] ?? ''));
    if (method === 'POST' && path === '/v1/coupons') return billing.createCoupon(parseForm(body));
    if (method === 'GET' && (match = /^\/v1\/coupons\/([^/]+)$/.exec(path)))
      return billing.coupon(decodeURIComponent(match[1] ?? ''));
    if (method === 'POST' && path === '/v1/promotion_codes')
      return billing.createPromotionCode(parseForm(body));
    if ((match = /^\/v1\/promotion_codes\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(match[1] ?? '');
      if (method === 'GET') return billing.promotionCode(id);
      if (method === 'POST') return billing.updatePromotionCode(id, parseForm(body));
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions')
      return billing.createPortalSession(parseForm(body));
    if (method === 'GET' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)))
      return billing.subscription(decodeURIComponent(match[1] ?? ''));
    return undefined;
  }

  function unplanned(res: ServerResponse, method: string, path: string): void {
    log(`unplanned request ${method} ${path}: the stand-in does not answer it (404)`);
    sendJson(res, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}). The Stripe stand-in answers only the calls Shelfmark makes; see docs/notes/stripe-standin.md.`,
      } satisfies StripeErrorBody,
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof StripeApiError) return sendJson(res, error.status, { error: error.body });
      if (error instanceof PageError)
        return sendHtml(res, error.status, errorPage(error.title, error.message));
      log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      sendJson(res, 500, {
        error: {
          type: 'api_error',
          message: 'The Stripe stand-in failed; see its log.',
        } satisfies StripeErrorBody,
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    async advanceClock(seconds: number) {
      await advance(seconds);
    },
    async close() {
      await deliverer.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      store.save();
    },
  };
}

class BodyTooLarge extends StripeApiError {
  constructor() {
    super(413, { type: 'invalid_request_error', message: 'Request body too large.' });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function jsonBody(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the refusal below.
  }
  throw new StripeApiError(400, {
    type: 'invalid_request_error',
    message: 'The body must be a JSON object.',
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Request-Id': newId('req', 14),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    // Pages load nothing: no scripts, styles, images or frames.
    'Content-Security-Policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  });
  res.end(html);
}

function summary(event: StandinEvent) {
  return { id: event.id, type: event.type };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
