/**
 * The signed token in a newsletter's unsubscribe link, so the link works
 * without signing in and nobody can unsubscribe someone else: an HMAC-SHA256
 * under NEWSLETTER_SIGNING_SECRET of who is unsubscribed. A member is named by
 * their uid; a visitor subscriber by the hash of their address (the id of
 * newsletter_subscribers/{emailHash}). The two are signed under different
 * prefixes, so a member's signature never passes for a subscriber or back.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_HASH_PATTERN } from '../../../src/domain/follows';

/** The signing key; required outside the demo project. */
export function signingSecret(): string {
  const secret = process.env.NEWSLETTER_SIGNING_SECRET?.trim() ?? '';
  if (secret.length < 16) throw new Error('NEWSLETTER_SIGNING_SECRET must be set (at least 16 characters)');
  return secret;
}

/** Who an unsubscribe link unsubscribes. */
export type UnsubscribeSubject = { kind: 'member'; uid: string } | { kind: 'subscriber'; emailHash: string };

function mac(subject: UnsubscribeSubject, secret: string): string {
  const message =
    subject.kind === 'member'
      ? `newsletter-unsubscribe:${subject.uid}`
      : `newsletter-subscriber-unsubscribe:${subject.emailHash}`;
  return createHmac('sha256', secret).update(message).digest('base64url');
}

const asSubject = (who: string | UnsubscribeSubject): UnsubscribeSubject =>
  typeof who === 'string' ? { kind: 'member', uid: who } : who;

/** The signature of a member's uid, or of a subscriber. */
export function signUnsubscribe(who: string | UnsubscribeSubject, secret = signingSecret()): string {
  return mac(asSubject(who), secret);
}

/** True when `signature` is the signature of `who` (constant-time comparison). */
export function verifyUnsubscribe(
  who: string | UnsubscribeSubject,
  signature: string,
  secret = signingSecret(),
): boolean {
  const subject = asSubject(who);
  const named =
    subject.kind === 'member' ? subject.uid.length > 0 : EMAIL_HASH_PATTERN.test(subject.emailHash);
  if (!named) return false;
  const expected = Buffer.from(mac(subject, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
