// The local Stripe stand-in: see docs/notes/stripe-standin.md.
export { startStripeStandin, type StripeStandin, type StripeStandinOptions } from './server.ts';
export { DEFAULT_PRICES } from './billing.ts';
export type { PriceConfig } from './types.ts';
