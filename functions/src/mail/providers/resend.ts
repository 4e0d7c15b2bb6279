/**
 * Resend's webhooks (https://resend.com/docs/webhooks), signed the Svix way:
 * `svix-id`, `svix-timestamp` (seconds) and `svix-signature` ("v1,<base64>",
 * several separated by spaces while a secret rotates), where the signature is an
 * HMAC-SHA256 of `${id}.${timestamp}.${body}` under the base64 key after
 * `whsec_`. A request older or newer than five minutes is refused, so a captured
 * request cannot be replayed later; within the window the event id (svix-id)
 * makes a repeat a no-op (mail_events).
 *
 * Shelfmark follows email.delivered, email.bounced (bounce.type 'Permanent' is a
 * hard bounce, anything else soft) and email.complained. Bulk mail carries the
 * tags `batch_kind` and `batch_id` (X-Shelfmark-Batch locally), which Resend
 * echoes in data.tags, so the figures map back to their send.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deliveryEventSchema, type DeliveryEvent } from '../../../../src/domain/mail/suppression';
import type { DeliveryProvider, VerifyFailure, WebhookRequest } from './provider';

/** How far a request's timestamp may be from now. */
export const SVIX_TOLERANCE_SECONDS = 5 * 60;

/** The Svix signature of one request under `secret` (whsec_<base64>), as "v1,<base64>". */
export function svixSignature(secret: string, id: string, timestamp: string, body: string | Buffer): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

/** Svix's check: a recent timestamp and one matching v1 signature, compared in constant time. */
export function verifySvix(request: WebhookRequest, secret: string, now: number): VerifyFailure | null {
  const id = request.header('svix-id') ?? '';
  const timestamp = request.header('svix-timestamp') ?? '';
  const signatures = request.header('svix-signature') ?? '';
  if (id === '' || !/^\d{1,12}$/.test(timestamp) || signatures === '') return 'missing';
  if (Math.abs(now / 1000 - Number(timestamp)) > SVIX_TOLERANCE_SECONDS) return 'stale';
  const expected = Buffer.from(svixSignature(secret, id, timestamp, request.rawBody));
  for (const candidate of signatures.split(' ')) {
    const given = Buffer.from(candidate);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return null;
  }
  return 'forged';
}

const KINDS: Readonly<Record<string, DeliveryEvent['kind'] | 'bounce'>> = {
  'email.delivered': 'delivered',
  'email.bounced': 'bounce',
  'email.complained': 'complaint',
};

/** Resend's tags: an object in webhooks, a [{name, value}] list when sending; both are read. */
function tagOf(tags: unknown, name: string): string | undefined {
  if (Array.isArray(tags)) {
    const tag = tags.find((t) => (t as { name?: unknown })?.name === name) as { value?: unknown } | undefined;
    return typeof tag?.value === 'string' ? tag.value : undefined;
  }
  const value = (tags as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The delivery events of one Resend payload: one per recipient, with the event
 * id `${svix-id}` (suffixed by the recipient's position when there are several).
 * Unknown types and malformed payloads give none.
 */
export function resendEvents(id: string, payload: unknown): DeliveryEvent[] {
  const body = payload as { type?: unknown; created_at?: unknown; data?: Record<string, unknown> } | null;
  const mapped = typeof body?.type === 'string' ? KINDS[body.type] : undefined;
  if (mapped === undefined || body?.data === undefined) return [];
  const data = body.data;
  const bounceType = (data.bounce as { type?: unknown } | undefined)?.type;
  const kind = mapped === 'bounce' ? (bounceType === 'Permanent' ? 'hard-bounce' : 'soft-bounce') : mapped;
  const at = Date.parse(String(body.created_at ?? data.created_at ?? ''));
  const to = Array.isArray(data.to) ? data.to : typeof data.to === 'string' ? [data.to] : [];
  const batchKind = tagOf(data.tags, 'batch_kind');
  const batchId = tagOf(data.tags, 'batch_id');
  const events: DeliveryEvent[] = [];
  to.forEach((address, index) => {
    const parsed = deliveryEventSchema.safeParse({
      id: to.length === 1 ? id : `${id}.${index}`,
      kind,
      address,
      at: Number.isFinite(at) ? at : 0,
      batch: batchKind !== undefined && batchId !== undefined ? { kind: batchKind, id: batchId } : null,
    });
    if (parsed.success) events.push(parsed.data);
  });
  return events;
}

/** Resend, as a DeliveryProvider. */
export const resend: DeliveryProvider = {
  name: 'resend',
  verify: verifySvix,
  events(request) {
    let payload: unknown;
    try {
      payload = JSON.parse(request.rawBody.toString('utf8'));
    } catch {
      return [];
    }
    return resendEvents(request.header('svix-id') ?? '', payload);
  },
};
