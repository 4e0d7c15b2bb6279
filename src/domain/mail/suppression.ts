/**
 * The mail suppression list: addresses Shelfmark stops mailing because the mail
 * provider said mail to them bounces or their owner pressed "this is spam".
 *
 * - Kept by a keyed hash of the mailbox (mail_suppressions/{key}), never the
 *   address, as the trial record is: the list outlives accounts and names no one.
 * - A hard bounce or a complaint suppresses for good; soft bounces suppress after
 *   SOFT_BOUNCE_LIMIT in a row, and a delivery between them resets the streak.
 * - Events arrive late and out of order: a delivery never lifts a suppression,
 *   and one older than the last bounce does not reset the streak.
 * - Only the member lifts a suppression, by proving the address again
 *   (liftedSuppression); a complaint is lifted only by that explicit action too.
 *
 * Which mail a suppression stops is decided per stream (mailAllowed): bulk mail
 * stops for every reason; account mail stops only for addresses that cannot
 * receive it (bounces), because a member who marked a newsletter as spam still
 * expects the password reset they ask for (docs/decisions.md).
 */
import { z } from 'zod';

/** Server-only: mail_suppressions/{key}, key = HMAC of the mailbox. */
export const MAIL_SUPPRESSIONS = 'mail_suppressions';

/** Server-only: provider event ids already processed, mail_events/{provider}_{id}, removed by a TTL on expires_at. */
export const MAIL_EVENTS = 'mail_events';

/** How long a processed event id is remembered (Svix retries for about a day and a half). */
export const MAIL_EVENT_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/** Soft bounces in a row (no delivery between them) that suppress an address. */
export const SOFT_BOUNCE_LIMIT = 3;

/** Why an address is suppressed. */
export const suppressionReasonSchema = z
  .enum(['hard-bounce', 'complaint', 'soft-bounces'])
  .describe('Why mail to the address stopped');
export type SuppressionReason = z.infer<typeof suppressionReasonSchema>;

/** One mailbox's delivery record: mail_suppressions/{key}. Times are epoch milliseconds. */
export const mailSuppressionSchema = z.object({
  /** Why mail stopped; null while the address is mailed. */
  reason: suppressionReasonSchema.nullable(),
  /** When mail stopped; null while the address is mailed. */
  suppressed_at: z.number().int().nonnegative().nullable(),
  /** Soft bounces since the last delivery. */
  soft_bounces: z.number().int().nonnegative(),
  /** The provider's time of the latest bounce seen (orders late deliveries against it). */
  last_bounce_at: z.number().int().nonnegative().nullable(),
  /** The provider's time of the latest delivery seen. */
  last_delivered_at: z.number().int().nonnegative().nullable(),
  /** When the member last lifted a suppression by proving the address; events older than that are ignored. */
  lifted_at: z.number().int().nonnegative().nullable(),
});
export type MailSuppression = z.infer<typeof mailSuppressionSchema>;

/** A mailbox no event has touched yet. */
export const EMPTY_SUPPRESSION: MailSuppression = {
  reason: null,
  suppressed_at: null,
  soft_bounces: 0,
  last_bounce_at: null,
  last_delivered_at: null,
  lifted_at: null,
};

/** What a provider said happened to one mail, in the provider-neutral shape every adapter maps to. */
export const deliveryEventSchema = z.object({
  /** The provider's event id (idempotency). */
  id: z.string().min(1).max(200),
  /** What happened. */
  kind: z.enum(['delivered', 'hard-bounce', 'soft-bounce', 'complaint']),
  /** The recipient's address as the provider echoes it. */
  address: z.string().min(3).max(320),
  /** When it happened at the provider, epoch milliseconds. */
  at: z.number().int().nonnegative(),
  /** The bulk batch the mail belonged to, from the tag Shelfmark put on it (null: account mail or untagged). */
  batch: z
    .object({
      /** newsletter, alert, update, digest */
      kind: z.string().regex(/^[a-z-]{1,30}$/),
      /** The send's id within its kind (a newsletter's id, a week, …). */
      id: z.string().regex(/^[A-Za-z0-9_-]{1,120}$/),
    })
    .nullable(),
});
export type DeliveryEvent = z.infer<typeof deliveryEventSchema>;

/** True while mail to the address is stopped. */
export const isSuppressed = (record: MailSuppression | null): boolean => record?.reason != null;

/**
 * The record after one event. Pure; events older than a lift are ignored, a
 * suppression is never undone by an event, and the streak only counts events
 * in the provider's order.
 */
export function nextSuppression(current: MailSuppression | null, event: DeliveryEvent): MailSuppression {
  const record = current ?? EMPTY_SUPPRESSION;
  if (record.lifted_at !== null && event.at <= record.lifted_at) return record;
  // A suppression in force keeps its first reason and time, except that a
  // complaint outranks a bounce (it is the one only the member may lift).
  const suppress = (base: MailSuppression, reason: SuppressionReason): MailSuppression =>
    base.reason === null || (reason === 'complaint' && base.reason !== 'complaint')
      ? { ...base, reason, suppressed_at: event.at }
      : base;
  const lastBounce = Math.max(record.last_bounce_at ?? 0, event.at);
  switch (event.kind) {
    case 'delivered': {
      const newer = record.last_bounce_at === null || event.at > record.last_bounce_at;
      return {
        ...record,
        soft_bounces: newer ? 0 : record.soft_bounces,
        last_delivered_at: Math.max(record.last_delivered_at ?? 0, event.at),
      };
    }
    case 'soft-bounce': {
      // A bounce older than the last delivery belongs to a streak that delivery already ended.
      const counts = record.last_delivered_at === null || event.at > record.last_delivered_at;
      const bounced = {
        ...record,
        soft_bounces: counts ? record.soft_bounces + 1 : record.soft_bounces,
        last_bounce_at: lastBounce,
      };
      return bounced.soft_bounces >= SOFT_BOUNCE_LIMIT ? suppress(bounced, 'soft-bounces') : bounced;
    }
    case 'hard-bounce':
      return suppress({ ...record, last_bounce_at: lastBounce }, 'hard-bounce');
    case 'complaint':
      return suppress(record, 'complaint');
  }
}

/** The record once its member has proved the address again at `now`: mailed again, streak reset. */
export function liftedSuppression(record: MailSuppression, now: number): MailSuppression {
  return { ...record, reason: null, suppressed_at: null, soft_bounces: 0, lifted_at: now };
}

/** The two mail streams (functions/src/mail/settings.ts). */
export type SuppressionStream = 'account' | 'bulk';

/**
 * Whether a mail of `stream` may go to an address with `record`. Bulk mail stops
 * for every reason. Account mail stops only when it cannot arrive (a bounce);
 * a complaint leaves the account mail a member asked for (a reset, a
 * verification, a security notice) going. `bypass` is the one confirmation
 * mail that proves the address again.
 */
export function mailAllowed(
  record: MailSuppression | null,
  stream: SuppressionStream,
  bypass = false,
): boolean {
  if (bypass || record === null || record.reason === null) return true;
  if (stream === 'bulk') return false;
  return record.reason === 'complaint';
}

/** What a member is shown on their account page about their own address. */
export interface DeliveryNotice {
  /** Why mail stopped. */
  reason: SuppressionReason;
  /** When it stopped, epoch milliseconds. */
  since: number;
}

/** The notice for a record, or null when mail goes out. */
export const deliveryNoticeOf = (record: MailSuppression | null): DeliveryNotice | null =>
  record?.reason != null && record.suppressed_at !== null
    ? { reason: record.reason, since: record.suppressed_at }
    : null;

/** What the account page says about each reason. */
export const SUPPRESSION_REASON_TEXT: Readonly<Record<SuppressionReason, string>> = {
  'hard-bounce':
    'Emails to your address bounced: the receiving mail server said the mailbox does not exist. Shelfmark stopped sending to it.',
  'soft-bounces':
    'Emails to your address bounced several times in a row (a full or unavailable mailbox). Shelfmark stopped sending to it.',
  complaint:
    'A Shelfmark email to your address was reported as spam, so Shelfmark stopped sending you alerts, digests and newsletters. Emails you ask for, such as password resets, still arrive.',
};
