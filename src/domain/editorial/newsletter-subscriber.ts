// A visitor who subscribed to the newsletters and confirmed by mail (double
// opt-in, src/domain/accounts/opt-in.ts). One document per address, keyed by the hash of
// the normalized address (src/data/server/shared/email-hash.ts), so subscribing twice
// is the same document and the id names no address. Only the server reads and
// writes these (firestore.rules has no match): nobody can learn from the site
// whether an address is subscribed. Unsubscribing deletes the document.
import { z } from 'zod';
import { timestampSchema } from '../shared/common.ts';
import { csvText } from '../shared/csv.ts';

/** newsletter_subscribers/{emailHash}. */
export const NEWSLETTER_SUBSCRIBERS = 'newsletter_subscribers';

/** A confirmed subscriber. */
export const newsletterSubscriberSchema = z.object({
  /** The normalized address the newsletters go to. */
  email: z.email().max(254),
  /** When the visitor confirmed (the first time; confirming again keeps it). */
  confirmed_at: timestampSchema,
});
/** A confirmed subscriber. */
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;

/** The admin's export: a header row and one row per subscriber, oldest first. */
export function subscribersCsv(subscribers: readonly NewsletterSubscriber[]): string {
  const rows = [...subscribers]
    .sort((a, b) => a.confirmed_at.getTime() - b.confirmed_at.getTime())
    .map((s) => [s.email, s.confirmed_at.toISOString()]);
  return csvText([['email', 'confirmed_at'], ...rows]);
}
