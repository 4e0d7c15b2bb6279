/**
 * Delivery figures: for each kind of bulk mail and each send of it (a newsletter,
 * a book's alerts, an update's mail, a week's digests), how many mails were
 * sent, delivered, bounced, reported as spam, and skipped as suppressed. Sent
 * and suppressed are counted by the senders; delivered, bounced and complained
 * by the mail webhook from the provider's events, which carry the send's tag
 * (`X-Shelfmark-Batch: kind/id`, echoed as tags), so the figures match what the
 * provider saw.
 *
 * Counters are sharded (mail_figures/{figureId}/shards/{0..FIGURE_SHARDS-1}),
 * each write a FieldValue.increment on one random shard: a newsletter's events
 * arrive by the hundred a second, more than one document takes.
 */
import { z } from 'zod';

/** Server-only: mail_figures/{figureId}/shards/{n}. */
export const MAIL_FIGURES = 'mail_figures';

/** Shards per counter document. */
export const FIGURE_SHARDS = 10;

/** The kinds of bulk mail whose figures the dashboard shows. */
export const BATCH_KINDS = ['newsletter', 'alert', 'update', 'digest'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];

/** How the dashboard names each kind. */
export const BATCH_KIND_LABELS: Readonly<Record<BatchKind, string>> = {
  newsletter: 'Newsletters',
  alert: 'Book alerts',
  update: 'Author update mail',
  digest: 'Weekly digests',
};

/** The counted figures. */
export const FIGURE_FIELDS = ['sent', 'suppressed', 'delivered', 'bounced', 'complained'] as const;
export type FigureField = (typeof FIGURE_FIELDS)[number];

/** One send's or one kind's figures. */
export const mailFiguresSchema = z.object({
  /** Mails handed to the provider. */
  sent: z.number().int().nonnegative(),
  /** Mails not sent: the address was on the suppression list. */
  suppressed: z.number().int().nonnegative(),
  /** The provider's deliveries. */
  delivered: z.number().int().nonnegative(),
  /** The provider's bounces, hard and soft. */
  bounced: z.number().int().nonnegative(),
  /** Reported as spam. */
  complained: z.number().int().nonnegative(),
});
export type MailFigures = z.infer<typeof mailFiguresSchema>;

/** Figures with every counter at 0. */
export const NO_FIGURES: MailFigures = { sent: 0, suppressed: 0, delivered: 0, bounced: 0, complained: 0 };

/** Which send a bulk mail belongs to. */
export interface BatchTag {
  kind: BatchKind;
  /** The send's id within its kind: a newsletter's id, a book's id, an update's id, an ISO week. */
  id: string;
}

/** True for a kind the figures count. */
export const isBatchKind = (kind: string): kind is BatchKind =>
  (BATCH_KINDS as readonly string[]).includes(kind);

/** The counter document of one send, and of its kind as a whole. */
export const figureIds = (tag: BatchTag): [send: string, kind: string] => [
  `${tag.kind}_${tag.id}`,
  `kind_${tag.kind}`,
];

/** The figure a provider event moves. */
export function figureOfEvent(kind: 'delivered' | 'hard-bounce' | 'soft-bounce' | 'complaint'): FigureField {
  if (kind === 'delivered') return 'delivered';
  if (kind === 'complaint') return 'complained';
  return 'bounced';
}

/** The header value that tags a mail with its send (and back). */
export const batchHeader = (tag: BatchTag) => `${tag.kind}/${tag.id}`;

/** Adds up the shards' counters (a missing counter is 0; anything not a count is ignored). */
export function sumShards(shards: readonly Record<string, unknown>[]): MailFigures {
  const total = { ...NO_FIGURES };
  for (const shard of shards)
    for (const field of FIGURE_FIELDS) {
      const value = shard[field];
      if (typeof value === 'number' && Number.isFinite(value)) total[field] += value;
    }
  return total;
}
