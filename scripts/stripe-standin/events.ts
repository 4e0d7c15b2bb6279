// Webhook delivery. Events are POSTed to the webhook URL one at a time, in the order
// they happened, each signed as Stripe signs them (Stripe-Signature, made by the SDK's
// own test helper with the real time, so the receiver's tolerance check holds). A
// failed attempt (network error, timeout or non-2xx answer) is retried a few times
// with a short pause, then given up and logged; every attempt is kept in the state.
import Stripe from 'stripe';
import type { Store } from './store.ts';
import type { Delivery, StandinEvent } from './types.ts';

/** Pauses before the 1st, 2nd and 3rd retry: three retries after the first attempt. */
const RETRY_DELAYS_MS = [200, 500, 1000];
/** A receiver that has not answered by then counts as failed (the Functions emulator may be starting a worker). */
const ATTEMPT_TIMEOUT_MS = 10_000;

export interface DelivererOptions {
  store: Store;
  /** Empty: events are recorded but not sent (status 'skipped'). */
  webhookUrl: string;
  webhookSecret: string;
  log: (line: string) => void;
}

export class Deliverer {
  readonly #options: DelivererOptions;
  #tail: Promise<void> = Promise.resolve();
  #closing = false;
  #inFlight: AbortController | null = null;

  constructor(options: DelivererOptions) {
    this.#options = options;
  }

  /** Queues the events behind any earlier ones; resolves once each is delivered or given up. */
  enqueue(events: StandinEvent[]): Promise<void> {
    const { store } = this.#options;
    for (const event of events) {
      const delivery: Delivery = { eventId: event.id, type: event.type, status: 'pending', attempts: [] };
      store.state.deliveries.push(delivery);
      this.#tail = this.#tail.then(() => this.#deliver(event, delivery));
    }
    store.save();
    return this.#tail;
  }

  /** Resolves when every queued event has been delivered or given up. */
  idle(): Promise<void> {
    return this.#tail;
  }

  /** Stops retrying, aborts the attempt under way and waits for the queue to settle. */
  async close(): Promise<void> {
    this.#closing = true;
    this.#inFlight?.abort();
    await this.#tail;
  }

  async #deliver(event: StandinEvent, delivery: Delivery): Promise<void> {
    const { store, webhookUrl, webhookSecret, log } = this.#options;
    if (!webhookUrl) {
      delivery.status = 'skipped';
      store.save();
      log(`${event.type} ${event.id} not delivered: no webhook URL (STRIPE_WEBHOOK_URL) set`);
      return;
    }
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      if (this.#closing) break;
      if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1] ?? 0);
      if (this.#closing) break;
      const record: Delivery['attempts'][number] = { at: new Date().toISOString() };
      delivery.attempts.push(record);
      const controller = new AbortController();
      this.#inFlight = controller;
      const timer = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
      try {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
            'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) shelfmark-standin',
          },
          body: payload,
          signal: controller.signal,
        });
        record.status = response.status;
        // The body is not used, but reading it lets the connection be reused.
        await response.text().catch(() => '');
        if (response.ok) {
          delivery.status = 'delivered';
          store.save();
          return;
        }
      } catch (error) {
        record.error = error instanceof Error ? error.message : String(error);
      } finally {
        clearTimeout(timer);
        this.#inFlight = null;
      }
      store.save();
    }
    delivery.status = 'failed';
    store.save();
    const last = delivery.attempts.at(-1);
    log(
      `${event.type} ${event.id} NOT delivered to ${webhookUrl} after ${delivery.attempts.length} attempt(s)` +
        (this.#closing ? ' (stand-in stopping)' : '') +
        (last ? `: ${last.status ?? last.error}` : ''),
    );
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
