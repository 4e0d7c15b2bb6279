// Which Stripe the functions talk to, from configuration only (never from a
// request): the real one when STRIPE_SECRET_KEY is set; the local stand-in
// (scripts/stripe-standin) when STRIPE_STANDIN_URL is set, as npm start and the
// tests do; otherwise billing is not configured and checkout says so.
import type Stripe from 'stripe';

/** The stand-in's webhook signing secret and price, used when the environment names none. */
export const STANDIN_DEFAULTS = {
  secretKey: 'sk_test_shelfmark_standin',
  webhookSecret: 'whsec_shelfmark_standin',
  priceId: 'price_shelfmark_premium_monthly',
} as const;

/** How old a signed webhook may be: Stripe's own default tolerance, 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  /** The Premium monthly price (a Stripe price id): the only thing a checkout can buy. */
  priceId: string;
  /** The stand-in's address, or null for the real Stripe. */
  standin: URL | null;
}

/** The billing configuration, or null when neither Stripe nor the stand-in is configured. */
export function billingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig | null {
  const value = (name: string) => env[name]?.trim() || undefined;
  const secretKey = value('STRIPE_SECRET_KEY');
  if (secretKey !== undefined) {
    const webhookSecret = value('STRIPE_WEBHOOK_SECRET');
    const priceId = value('STRIPE_PRICE_ID');
    if (webhookSecret === undefined || priceId === undefined) return null;
    return { secretKey, webhookSecret, priceId, standin: null };
  }
  const standin = value('STRIPE_STANDIN_URL');
  if (standin === undefined) return null;
  return {
    secretKey: STANDIN_DEFAULTS.secretKey,
    webhookSecret: value('STRIPE_WEBHOOK_SECRET') ?? STANDIN_DEFAULTS.webhookSecret,
    priceId: value('STRIPE_PRICE_ID') ?? STANDIN_DEFAULTS.priceId,
    standin: new URL(standin),
  };
}

const clients = new Map<string, Stripe>();

/**
 * The SDK client for `config` (one per configuration; the stand-in through the
 * SDK's host and port settings). The SDK is loaded on first use: every function
 * shares one bundle, and only the billing ones need it.
 */
export async function stripeFor(config: BillingConfig): Promise<Stripe> {
  const key = `${config.secretKey}@${config.standin?.href ?? 'stripe'}`;
  let client = clients.get(key);
  if (client === undefined) {
    const { default: Stripe } = await import('stripe');
    client =
      config.standin === null
        ? new Stripe(config.secretKey, { maxNetworkRetries: 2 })
        : new Stripe(config.secretKey, {
            host: config.standin.hostname,
            port: Number(config.standin.port || 80),
            protocol: config.standin.protocol === 'https:' ? 'https' : 'http',
            maxNetworkRetries: 0,
          });
    clients.set(key, client);
  }
  return client;
}
