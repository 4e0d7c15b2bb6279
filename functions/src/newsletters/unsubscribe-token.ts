/**
 * The signed token in a newsletter's unsubscribe link: the member's uid and an
 * HMAC-SHA256 of it under NEWSLETTER_SIGNING_SECRET, so the link works without
 * signing in and nobody can unsubscribe someone else by guessing a uid.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signing key; required outside the demo project. */
export function signingSecret(): string {
  const secret = process.env.NEWSLETTER_SIGNING_SECRET?.trim() ?? '';
  if (secret.length < 16) throw new Error('NEWSLETTER_SIGNING_SECRET must be set (at least 16 characters)');
  return secret;
}

/**
 * What a link signs: a member's newsletter choice (the uid), one follow (the
 * follow id) or one weekly digest (its delivery id). The purpose is part of the
 * signed text, so a signature for one kind never verifies as another.
 */
export type UnsubscribePurpose = 'newsletter' | 'follow' | 'digest';

function mac(value: string, secret: string, purpose: UnsubscribePurpose = 'newsletter'): string {
  return createHmac('sha256', secret).update(`${purpose}-unsubscribe:${value}`).digest('base64url');
}

/** The signature of `uid`. */
export function signUnsubscribe(uid: string, secret = signingSecret()): string {
  return mac(uid, secret);
}

/** True when `signature` is the signature of `uid` (constant-time comparison). */
export function verifyUnsubscribe(uid: string, signature: string, secret = signingSecret()): boolean {
  const expected = Buffer.from(mac(uid, secret));
  const given = Buffer.from(signature);
  return uid.length > 0 && expected.length === given.length && timingSafeEqual(expected, given);
}

/** The signature of `value` for `purpose` (a follow id, a digest id). */
export function signFor(purpose: UnsubscribePurpose, value: string, secret = signingSecret()): string {
  return mac(value, secret, purpose);
}

/** True when `signature` is the signature of `value` for `purpose` (constant-time comparison). */
export function verifyFor(
  purpose: UnsubscribePurpose,
  value: string,
  signature: string,
  secret = signingSecret(),
): boolean {
  const expected = Buffer.from(mac(value, secret, purpose));
  const given = Buffer.from(signature);
  return value.length > 0 && expected.length === given.length && timingSafeEqual(expected, given);
}
