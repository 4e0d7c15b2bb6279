/**
 * A mail provider's delivery webhook, seen from Shelfmark: how to check that a
 * request really comes from the provider, and how its events map to the
 * provider-neutral DeliveryEvent. A second provider (Postmark, SES through SNS)
 * is one more module implementing this, picked by MAIL_WEBHOOK_PROVIDER.
 */
import type { DeliveryEvent } from '../../../../src/domain/mail/suppression';

/** The parts of an HTTP request a provider's check needs. */
export interface WebhookRequest {
  /** A request header by lower-case name. */
  header: (name: string) => string | undefined;
  /** The body exactly as received (signatures cover these bytes). */
  rawBody: Buffer;
}

/** Why a request was refused. */
export type VerifyFailure = 'missing' | 'stale' | 'forged';

/** One provider's webhook. */
export interface DeliveryProvider {
  /** Short name, also the prefix of its event ids in mail_events. */
  name: string;
  /** Checks the request's signature and age against `secret` at `now` (ms); null when it passes. */
  verify(request: WebhookRequest, secret: string, now: number): VerifyFailure | null;
  /** The delivery events in a verified body (none for event types Shelfmark does not follow). */
  events(request: WebhookRequest): DeliveryEvent[];
}
