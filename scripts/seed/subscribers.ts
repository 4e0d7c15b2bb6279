// Demo visitor newsletter subscribers (newsletter_subscribers/{emailHash}): a few
// readers who signed up in the footer and confirmed, so the admin's Newsletter
// Subscribers group shows a count and the CSV export has rows. Checked with the
// schema the functions read them with. No trigger watches the collection.
import { emailHash } from '../../src/data/server/shared/email-hash.ts';
import { normalizeEmail } from '../../src/domain/shared/common.ts';
import {
  NEWSLETTER_SUBSCRIBERS,
  newsletterSubscriberSchema,
} from '../../src/domain/editorial/newsletter-subscriber.ts';

/** The demo subscribers' addresses (example.org: no mail leaves the local catcher). */
export const DEMO_SUBSCRIBER_EMAILS = [
  'marta.reads@example.org',
  'jonas.bookworm@example.org',
  'priya.pages@example.org',
  'leo.novels@example.org',
] as const;

/** One subscriber document to write. */
export interface SeedSubscriber {
  path: string;
  data: { email: string; confirmed_at: Date };
}

/** The subscribers, each confirmed a week apart before `now`. */
export function generateSubscribers(now: number): SeedSubscriber[] {
  return DEMO_SUBSCRIBER_EMAILS.map((address, i) => {
    const email = normalizeEmail(address);
    const data = newsletterSubscriberSchema.parse({
      email,
      confirmed_at: new Date(now - (i + 1) * 7 * 24 * 3_600_000),
    });
    return { path: `${NEWSLETTER_SUBSCRIBERS}/${emailHash(email)}`, data };
  });
}
