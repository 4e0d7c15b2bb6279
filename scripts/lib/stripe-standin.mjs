// The local Stripe stand-in (scripts/stripe-standin, docs/notes/stripe-standin.md) as
// `npm start` and the tests run it: on PORTS.stripe, which STRIPE_STANDIN_URL in
// functions/.env.demo-shelfmark names, sending its signed events to the emulated
// stripeWebhook function with the secret that file gives the function.
import { PORTS, PROJECT_ID } from '../emulator-env.mjs';

/** The stand-in's address (the Checkout and portal pages, the /_standin test controls). */
export const STANDIN_URL = `http://127.0.0.1:${PORTS.stripe}`;
/** The stripeWebhook function on the functions emulator. */
export const STANDIN_WEBHOOK_URL = `http://127.0.0.1:${PORTS.functions}/${PROJECT_ID}/us-central1/stripeWebhook`;
/** Must equal STRIPE_WEBHOOK_SECRET in functions/.env.demo-shelfmark. */
export const STANDIN_WEBHOOK_SECRET = 'whsec_shelfmark_standin';

/**
 * Starts the stand-in in this process; resolves to `{ url, close(), advanceClock() }`.
 * `stateFile` keeps customers and subscriptions across restarts (none: memory only).
 */
export async function startLocalStandin({ stateFile, log } = {}) {
  const { startStripeStandin } = await import('../stripe-standin/index.ts');
  return startStripeStandin({
    port: PORTS.stripe,
    webhookUrl: STANDIN_WEBHOOK_URL,
    webhookSecret: STANDIN_WEBHOOK_SECRET,
    stateFile,
    log,
  });
}
