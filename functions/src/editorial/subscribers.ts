/** The visitor subscribers (newsletter_subscribers): the admin's export, and a member's own address in their data file and account deletion. */
import type { Firestore } from 'firebase-admin/firestore';
import { parseDocs, tryParseDoc } from '../../../src/data/firestore-convert';
import { emailHash } from '../../../src/data/server/shared/email-hash';
import {
  NEWSLETTER_SUBSCRIBERS,
  newsletterSubscriberSchema,
  type NewsletterSubscriber,
} from '../../../src/domain/editorial/newsletter-subscriber';

/** Every confirmed subscriber (a malformed document is left out and logged). */
export async function listSubscribers(firestore: Firestore): Promise<NewsletterSubscriber[]> {
  const snapshot = await firestore.collection(NEWSLETTER_SUBSCRIBERS).get();
  return parseDocs(newsletterSubscriberSchema, snapshot.docs);
}

/** The visitor subscription of `email`, if that address subscribed (one read by its hash). */
export async function subscriptionOf(
  firestore: Firestore,
  email: string,
): Promise<NewsletterSubscriber | null> {
  const snapshot = await firestore.collection(NEWSLETTER_SUBSCRIBERS).doc(emailHash(email)).get();
  return snapshot.exists ? tryParseDoc(newsletterSubscriberSchema, snapshot) : null;
}

/** Removes the visitor subscription of `email`, if any. */
export async function removeSubscription(firestore: Firestore, email: string): Promise<void> {
  await firestore.collection(NEWSLETTER_SUBSCRIBERS).doc(emailHash(email)).delete();
}
