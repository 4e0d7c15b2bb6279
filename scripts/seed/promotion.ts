// The demo's holiday promotion code, named by the site settings, a banner, a blog
// post and a welcome message. The local Stripe stand-in starts with the same code
// (scripts/stripe-standin/billing.ts, 50% off once), so the demo's checkout accepts it.
// Its own module so the seed's files import it without importing each other.

/** The demo's holiday promotion code. */
export const DEMO_PROMOTION_CODE = 'HOLIDAY50';
