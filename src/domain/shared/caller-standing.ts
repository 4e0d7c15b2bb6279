/**
 * What a signed-in caller may do, decided from their CURRENT record, never from
 * what their ID token says alone. A token is a cache of the record made when the
 * member signed in (or last refreshed, up to an hour ago): an admin demoted, a
 * member deactivated or an account whose sessions were ended a minute ago still
 * holds a token that says otherwise. The Cloud Functions' caller guard
 * (functions/src/shared/guard.ts) and firestore.rules (isAdmin, isActiveMember,
 * sessionLive) apply the same rule:
 *
 * - A session is live while the token's sign-in time (`auth_time`, seconds) is
 *   not before the profile's `tokens_valid_after` stamp. Every path that ends
 *   sessions (sign out everywhere, a password change or reset, a confirmed email
 *   change, demotion, deactivation) writes the stamp before it reports success.
 * - An admin carries the `admin` claim AND their profile says role 'Admin' and
 *   is_active: the claim alone (kept for an hour after a demotion) is not enough.
 * - A member in good standing has a verified email, and a profile that is
 *   approved and active.
 */

import { onlyFieldsChanged } from './field-changes.ts';

/** The profile field holding the time before which every sign-in of the member is refused. */
export const SESSION_STAMP_FIELD = 'tokens_valid_after';

/** The parts of an ID token the standing depends on. */
export interface TokenFacts {
  /** When the member entered their password (seconds since the epoch). */
  authTime: number;
  /** The `admin` custom claim. */
  adminClaim: boolean;
  /** The token's `email_verified`. */
  emailVerified: boolean;
}

/** The parts of a profile the standing depends on (absent when there is no profile). */
export interface RecordFacts {
  role?: unknown;
  approval_status?: unknown;
  is_active?: unknown;
  /** The session stamp, in milliseconds since the epoch, or null when never written. */
  sessionsEndedAt: number | null;
}

/** The caller's standing now. */
export interface Standing {
  /** The token was issued before the member's sessions were ended. */
  sessionEnded: boolean;
  /** Admin powers: the claim, and a profile with role 'Admin' that is active. */
  admin: boolean;
  /** A member in good standing: verified email, profile approved and active. */
  member: boolean;
}

/**
 * True when a sign-in at `authTimeSeconds` survives a cut at `cutMillis`.
 * Stamps are kept in whole seconds (as Firebase Auth keeps its own
 * tokensValidAfterTime), so a sign-in in the same second as the cut is kept:
 * the browser that ended the sessions signs in again at once and must not be
 * refused.
 */
export function sessionStillValid(authTimeSeconds: number, cutMillis: number | null): boolean {
  if (cutMillis === null || !Number.isFinite(cutMillis)) return true;
  return authTimeSeconds >= Math.floor(cutMillis / 1000);
}

/** The time to store as a stamp: now, truncated to the whole second. */
export function sessionStampMillis(nowMillis: number): number {
  return Math.floor(nowMillis / 1000) * 1000;
}

/** The caller's standing from their token and current profile (undefined when they have none). */
export function standingOf(token: TokenFacts, record: RecordFacts | undefined): Standing {
  const sessionEnded = !sessionStillValid(token.authTime, record?.sessionsEndedAt ?? null);
  const active = record?.is_active === true;
  return {
    sessionEnded,
    admin: !sessionEnded && token.adminClaim && record?.role === 'Admin' && active,
    member: !sessionEnded && token.emailVerified && record?.approval_status === 'approved' && active,
  };
}

/** The membership fields whose change can end a member's sessions. */
export interface StandingFields {
  role?: unknown;
  is_active?: unknown;
}

/**
 * True when writing `changes` over `before` demotes an admin or deactivates a
 * member: both end every session of the member (the stamp is written with the
 * change, in the same transaction, and the refresh tokens are revoked after it).
 */
export function changeEndsSessions(before: StandingFields, changes: StandingFields): boolean {
  const demoted =
    before.role === 'Admin' && 'role' in changes && changes.role !== undefined && changes.role !== 'Admin';
  const deactivated = before.is_active !== false && changes.is_active === false;
  return demoted || deactivated;
}

/**
 * True when a profile write changed nothing but the session stamp (sign out
 * everywhere, a password change): nothing any page shows changed, so triggers
 * that refresh pages can skip it.
 */
export function onlySessionStampChanged(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): boolean {
  // A stamp removed is not a sign-out: only a stamp written (new or moved) counts.
  return !!after && SESSION_STAMP_FIELD in after && onlyFieldsChanged(before, after, [SESSION_STAMP_FIELD]);
}

/** A call made with a session that was signed out everywhere (or whose password changed). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/** A call that needs an admin, made by anyone else. */
export const ADMIN_ONLY_MESSAGE = 'Access Denied';
