/**
 * The signed tokens in unsubscribe links, so a link works without signing in
 * and nobody can unsubscribe someone else: an HMAC-SHA256 under
 * NEWSLETTER_SIGNING_SECRET of what the link ends.
 * - Newsletters: a member is named by their uid; a visitor subscriber by the
 *   hash of their address (the id of newsletter_subscribers/{emailHash}).
 * - Alerts and digests: one follow (its id) or one weekly digest (its delivery id).
 * - The switch to the weekly digest in instant mails: one follow (its id), under
 *   its own purpose, so the switch link cannot unfollow and the unfollow link
 *   cannot pass for a switch.
 * Each kind is signed under its own prefix, so a signature for one never passes
 * for another.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_HASH_PATTERN } from '../../../src/domain/shared/common';

/** The signing key; required outside the demo project. */
export function signingSecret(): string {
  const secret = process.env.NEWSLETTER_SIGNING_SECRET?.trim() ?? '';
  if (secret.length < 16) throw new Error('NEWSLETTER_SIGNING_SECRET must be set (at least 16 characters)');
  return secret;
}

/** Who a newsletter's unsubscribe link unsubscribes. */
export type UnsubscribeSubject = { kind: 'member'; uid: string } | { kind: 'subscriber'; emailHash: string };

/**
 * What a link signs besides a newsletter subscription: one follow to stop (the
 * follow id), one weekly digest's follows to stop (its delivery id), or one
 * follow to switch to the weekly digest ('weekly', the follow id).
 */
export type UnsubscribePurpose = 'follow' | 'digest' | 'weekly';

function sign(message: string, secret: string): string {
  return createHmac('sha256', secret).update(message).digest('base64url');
}

function matches(message: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(sign(message, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function subjectMessage(subject: UnsubscribeSubject): string {
  return subject.kind === 'member'
    ? `newsletter-unsubscribe:${subject.uid}`
    : `newsletter-subscriber-unsubscribe:${subject.emailHash}`;
}

const asSubject = (who: string | UnsubscribeSubject): UnsubscribeSubject =>
  typeof who === 'string' ? { kind: 'member', uid: who } : who;

/** The signature of a member's uid, or of a subscriber. */
export function signUnsubscribe(who: string | UnsubscribeSubject, secret = signingSecret()): string {
  return sign(subjectMessage(asSubject(who)), secret);
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
  return named && matches(subjectMessage(subject), signature, secret);
}

/** The signature of `value` for `purpose` (a follow id, a digest id). */
export function signFor(purpose: UnsubscribePurpose, value: string, secret = signingSecret()): string {
  return sign(`${purpose}-unsubscribe:${value}`, secret);
}

/** True when `signature` is the signature of `value` for `purpose` (constant-time comparison). */
export function verifyFor(
  purpose: UnsubscribePurpose,
  value: string,
  signature: string,
  secret = signingSecret(),
): boolean {
  return value.length > 0 && matches(`${purpose}-unsubscribe:${value}`, signature, secret);
}
