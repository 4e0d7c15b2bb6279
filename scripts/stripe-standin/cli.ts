// Runs the Stripe stand-in on its own: `node --import tsx scripts/stripe-standin/cli.ts`.
//   STRIPE_STANDIN_PORT    port to listen on (127.0.0.1), default 12111
//   STRIPE_WEBHOOK_URL     where events are POSTed; unset: events are recorded, not sent
//   STRIPE_WEBHOOK_SECRET  signing secret, default whsec_shelfmark_standin
//   STRIPE_STANDIN_STATE   JSON file that keeps the state across restarts; unset: memory only
// Stops on SIGINT/SIGTERM after the deliveries under way settle.
import { startStripeStandin } from './server.ts';

export const DEFAULT_PORT = 12111;
export const DEFAULT_WEBHOOK_SECRET = 'whsec_shelfmark_standin';

const portText = process.env.STRIPE_STANDIN_PORT || String(DEFAULT_PORT);
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`[stripe-standin] STRIPE_STANDIN_PORT is not a port number: ${portText}`);
  process.exit(2);
}
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

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    standin.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[stripe-standin] failed to stop cleanly', error);
        process.exit(1);
      },
    );
  });
}
