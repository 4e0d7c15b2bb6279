/**
 * What a verified unsubscribe does. A member: newsletter_preferences/{uid} says
 * unsubscribed, and a visitor subscription of the member's own address goes too
 * (the member asked for no newsletters; without it the 'All Users' send would
 * still reach them as a subscriber), when that address is verified. A visitor subscriber: the subscription
 * document is deleted. Both are idempotent, so a repeated one-click POST is harmless.
 */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { NEWSLETTER_SUBSCRIBERS } from '../../../src/domain/editorial/newsletter-subscriber';
import { authErrorCode } from '../shared/admin-auth';
import { removeSubscription } from './subscribers';
import type { UnsubscribeSubject } from '../mail/unsubscribe-token';

/** Unsubscribes `subject` (already verified). */
export async function unsubscribe(
  firestore: Firestore,
  auth: Auth,
  subject: UnsubscribeSubject,
  now: Timestamp,
): Promise<void> {
  if (subject.kind === 'subscriber') {
    await firestore.collection(NEWSLETTER_SUBSCRIBERS).doc(subject.emailHash).delete();
    return;
  }
  await firestore.doc(`newsletter_preferences/${subject.uid}`).set({ unsubscribed: true, updated_at: now });
  // A visitor subscription is the member's only when their address is verified (the link may
  // be older than a change to an address someone else holds).
  let email: string | undefined;
  try {
    const user = await auth.getUser(subject.uid);
    email = user.emailVerified ? user.email : undefined;
  } catch (error) {
    if (authErrorCode(error) !== 'auth/user-not-found') throw error;
  }
  if (email) await removeSubscription(firestore, email);
}
