// The mail provider's delivery webhook: the only writer of the suppression list.
//
// - The signature is verified on the raw body before anything else (for Resend,
//   Svix's HMAC with a 5-minute timestamp tolerance, compared in constant time);
//   anything unsigned, wrongly signed or stale answers 400 and writes nothing.
// - Each event is applied once: its id is recorded in the same transaction that
//   applies it (mail_events), so a replay within the window is a no-op.
// - Events in any order end in the same place (nextSuppression): a delivery
//   never lifts a suppression.
// - An address Shelfmark does not know is recorded all the same and answered 200.
import { onRequest } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import { db } from '../shared/firestore';
import type { DeliveryProvider, WebhookRequest } from './providers/provider';
import { resend } from './providers/resend';
import { applyDeliveryEvent, type EventOutcome } from './suppressions';
import { noteAlertEvent, noteSignatureRefused } from '../shared/ops-alerts';
import type { OpsAlertKind } from '../../../src/domain/shared/ops-alerts';

/** The delivery events that count towards an alert, and which. */
const DELIVERY_ALERTS: Partial<Record<string, OpsAlertKind>> = {
  'hard-bounce': 'mail-bounces',
  complaint: 'mail-complaints',
};

/** The providers Shelfmark can take events from, by MAIL_WEBHOOK_PROVIDER (default resend). */
const PROVIDERS: Readonly<Record<string, DeliveryProvider>> = { resend };

/** The configured provider and its signing secret, or null when the webhook is not set up. */
export function deliveryWebhookConfig(
  env: NodeJS.ProcessEnv = process.env,
): { provider: DeliveryProvider; secret: string } | null {
  const provider = PROVIDERS[env.MAIL_WEBHOOK_PROVIDER?.trim() || 'resend'];
  const secret = env.MAIL_WEBHOOK_SECRET?.trim() ?? '';
  return provider !== undefined && secret !== '' ? { provider, secret } : null;
}

/** What the webhook answers, with the outcome of each event. */
export interface WebhookAnswer {
  status: number;
  outcomes: EventOutcome[];
}

/** Verifies one request and applies its events: the webhook without its HTTP wrapper (the tests call it). */
export async function handleDeliveryWebhook(
  firestore: Firestore,
  provider: DeliveryProvider,
  secret: string,
  request: WebhookRequest,
  now = Date.now(),
): Promise<WebhookAnswer> {
  const failure = provider.verify(request, secret, now);
  if (failure !== null) {
    logger.warn('mail: a delivery webhook request was refused', { provider: provider.name, failure });
    await noteSignatureRefused(`${provider.name} delivery`, new Date(now));
    return { status: 400, outcomes: [] };
  }
  const outcomes: EventOutcome[] = [];
  for (const event of provider.events(request)) {
    const outcome = await applyDeliveryEvent(firestore, provider.name, event, now);
    outcomes.push(outcome);
    // Hard bounces and complaints also count towards their alerts (a jump mails the admins once).
    const alert = outcome === 'applied' ? DELIVERY_ALERTS[event.kind] : undefined;
    if (alert)
      await noteAlertEvent(
        alert,
        `A ${event.kind} of a ${event.batch?.kind ?? 'account'} mail`,
        new Date(now),
      );
  }
  return { status: 200, outcomes };
}

/**
 * POST from the provider (or the local stand-in, scripts/mail-standin). 400 for
 * a bad or stale signature, 503 when not configured, 500 when applying failed
 * (the provider delivers again), 200 otherwise.
 */
export const mailWebhook = onRequest(async (req, res) => {
  if (req.method !== 'POST') {
    res.status(405).send('POST only');
    return;
  }
  const config = deliveryWebhookConfig();
  if (config === null) {
    res.status(503).send('The mail webhook is not configured');
    return;
  }
  try {
    const answer = await handleDeliveryWebhook(db(), config.provider, config.secret, {
      header: (name) => req.get(name) ?? undefined,
      rawBody: req.rawBody,
    });
    if (answer.status !== 200) res.status(answer.status).send('Bad signature');
    else res.status(200).json({ received: true, outcomes: answer.outcomes });
  } catch (error) {
    logger.error('mail: a delivery event could not be applied', { error });
    res.status(500).send('Could not apply the event');
  }
});
