// Runs the Stripe stand-in on its own: `node --import tsx scripts/stripe-standin/cli.ts`.
//   STRIPE_STANDIN_PORT    port to listen on (127.0.0.1), default 12111
//   STRIPE_WEBHOOK_URL     where events are POSTed; unset: events are recorded, not sent
//   STRIPE_WEBHOOK_SECRET  signing secret, default whsec_shelfmark_standin
//   STRIPE_STANDIN_STATE   JSON file that keeps the state across restarts; unset: memory only
// Stops on SIGINT/SIGTERM after the deliveries under way settle.
import { closeOnSignals, portFromEnv } from '../lib/standin-cli.ts';
import { startStripeStandin } from './server.ts';

export const DEFAULT_PORT = 12111;
export const DEFAULT_WEBHOOK_SECRET = 'whsec_shelfmark_standin';

const port = portFromEnv('stripe-standin', 'STRIPE_STANDIN_PORT', DEFAULT_PORT);
const webhookUrl = process.env.STRIPE_WEBHOOK_URL ?? '';

const standin = await startStripeStandin({
  port,
  webhookUrl,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || DEFAULT_WEBHOOK_SECRET,
  stateFile: process.env.STRIPE_STANDIN_STATE || undefined,
});
console.log(
  `[stripe-standin] listening on ${standin.url}; webhooks ${webhookUrl ? `to ${webhookUrl}` : 'not sent (STRIPE_WEBHOOK_URL unset)'}`,
);

closeOnSignals('stripe-standin', standin);
