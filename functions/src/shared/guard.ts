// The one door for every callable: who the caller is NOW, not what their ID
// token said when it was issued.
//
// The callable framework verifies the token's signature and expiry, nothing
// more, so a token keeps its admin claim and its sign-in for up to an hour after
// a demotion, a deactivation or "sign out everywhere". Every callable is built
// with `guardedCall` (or, when it must be reachable by visitors, `openCall`
// with the reason); a unit test fails when a callable exported from functions.ts
// was built otherwise. The guard reads the caller's profile once (role,
// approval, is_active and the session stamp `tokens_valid_after`) and applies
// src/domain/shared/caller-standing.ts, the same rule firestore.rules applies.
//
// Ending sessions is `endSessions`: it writes the stamp on the profile BEFORE
// revoking the refresh tokens, so from the moment it returns neither a callable
// nor a direct Firestore write accepts a token issued before it.
import {
  HttpsError,
  onCall,
  type CallableFunction,
  type CallableOptions,
  type CallableRequest,
} from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { reportError } from '../../../src/data/server/shared/error-tracker';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import {
  SESSION_STAMP_FIELD,
  sessionStampMillis,
  sessionStillValid,
  standingOf,
  ADMIN_ONLY_MESSAGE,
  SESSION_ENDED_MESSAGE,
} from '../../../src/domain/shared/caller-standing';
import { adminAuth, authErrorCode } from './admin-auth';
import { enforceAppCheck } from './app-check';
import { db, isNotFound, millisOf } from './firestore';
import { ADMIN_SECOND_FACTOR_REQUIRED, secondFactorOf } from './second-factor-gate';
import {
  SECOND_FACTOR_REQUIRED_MESSAGE,
  SECOND_FACTOR_SETUP_MESSAGE,
} from '../../../src/domain/shared/second-factor-session';

/**
 * Who may call:
 * - 'session': any signed-in caller whose session was not ended (account
 *   self-service works for pending and deactivated members too);
 * - 'member': a member in good standing (verified email, approved, active);
 * - 'admin': an admin by claim and by current profile;
 * - 'member-or-admin': either (saving items, where an admin may edit anyone's).
 */
export type Access = 'session' | 'member' | 'admin' | 'member-or-admin';

/** The caller as the guard found them. */
export interface Caller {
  /** The caller's uid. */
  uid: string;
  /** When the caller last entered their password (auth_time, seconds). */
  authTime: number;
  /** The token's email_verified. */
  emailVerified: boolean;
  /** Admin powers now (claim, current profile and, when required, this sign-in's second factor). */
  admin: boolean;
  /** The claim and the current profile make an admin, second factor or not (for setting the factor up). */
  adminRole: boolean;
  /** A member in good standing now. */
  member: boolean;
  /** The caller's profile as read by the guard (absent when they have none). */
  profile: DocumentSnapshot;
}

/** The texts a callable answers with when the guard refuses (its own wording where it has one). */
export interface GuardMessages {
  /** Signed out. */
  signIn?: string;
  /** Signed in, but not allowed by `access`. */
  denied?: string;
}

/**
 * The caller's current standing, refusing by `access`. One Firestore read (the
 * profile). For a caller without a profile (an account whose sign-up did not
 * finish), the session is checked against Firebase Auth's own revocation time.
 */
export async function checkCaller(
  request: Pick<CallableRequest<unknown>, 'auth'>,
  access: Access,
  messages: GuardMessages = {},
): Promise<Caller> {
  const auth = request.auth;
  if (!auth) throw new HttpsError('unauthenticated', messages.signIn ?? 'Please log in first.');
  const token = auth.token as Record<string, unknown>;
  const facts = {
    authTime: Number(token.auth_time ?? 0),
    adminClaim: token.admin === true,
    emailVerified: token.email_verified === true,
  };
  const profile = await db().collection('profiles').doc(auth.uid).get();
  if (!profile.exists) {
    // No profile: nobody to be a member or an admin; the account's own revocation decides the session.
    if (access !== 'session')
      throw new HttpsError('permission-denied', messages.denied ?? ADMIN_ONLY_MESSAGE);
    await assertAuthSessionLive(auth.uid, facts.authTime);
    return {
      uid: auth.uid,
      authTime: facts.authTime,
      emailVerified: facts.emailVerified,
      admin: false,
      adminRole: false,
      member: false,
      profile,
    };
  }
  const data = profile.data() ?? {};
  const standing = standingOf(facts, {
    role: data.role,
    approval_status: data.approval_status,
    is_active: data.is_active,
    sessionsEndedAt: millisOf(data[SESSION_STAMP_FIELD]),
  });
  if (standing.sessionEnded) throw new HttpsError('unauthenticated', SESSION_ENDED_MESSAGE);
  // An admin's powers need this sign-in's second factor (one more read, for admins only).
  const factor =
    standing.admin && ADMIN_SECOND_FACTOR_REQUIRED
      ? await secondFactorOf(auth.uid, facts.authTime)
      : { enrolled: true, live: true };
  const admin = standing.admin && factor.live;
  const allowed =
    access === 'session' ||
    (access === 'admin' && admin) ||
    (access === 'member' && standing.member) ||
    (access === 'member-or-admin' && (standing.member || admin));
  if (!allowed && standing.admin && !factor.live && access !== 'member')
    throw new HttpsError(
      'permission-denied',
      factor.enrolled ? SECOND_FACTOR_REQUIRED_MESSAGE : SECOND_FACTOR_SETUP_MESSAGE,
      { reason: factor.enrolled ? 'second-factor-required' : 'second-factor-setup' },
    );
  if (!allowed) throw new HttpsError('permission-denied', messages.denied ?? ADMIN_ONLY_MESSAGE);
  return {
    uid: auth.uid,
    authTime: facts.authTime,
    emailVerified: facts.emailVerified,
    admin,
    adminRole: standing.admin,
    member: standing.member,
    profile,
  };
}

async function assertAuthSessionLive(uid: string, authTime: number): Promise<void> {
  try {
    const user = await adminAuth().getUser(uid);
    const cut = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : NaN;
    if (user.disabled || !sessionStillValid(authTime, Number.isNaN(cut) ? null : cut))
      throw new HttpsError('unauthenticated', SESSION_ENDED_MESSAGE);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found')
      throw new HttpsError('unauthenticated', SESSION_ENDED_MESSAGE);
    throw error;
  }
}

/** The callables built by guardedCall / openCall, for the test that every exported callable has a guard. */
const guarded = new WeakMap<object, { access: Access | 'open'; reason?: string }>();

/** How a callable was built: its access, or 'open' with its reason; undefined when it bypassed this module. */
export function guardOf(fn: unknown): { access: Access | 'open'; reason?: string } | undefined {
  return typeof fn === 'function' || (typeof fn === 'object' && fn !== null)
    ? guarded.get(fn as object)
    : undefined;
}

/**
 * The callable's answer; a failure the caller could not have caused (anything but a
 * refusal: an HttpsError other than 'internal') also goes to the error tracker, when one
 * is configured, before it reaches the caller.
 */
async function reportingUnexpected<Return>(answer: Promise<Return>): Promise<Return> {
  try {
    return await answer;
  } catch (error) {
    if (!(error instanceof HttpsError) || error.code === 'internal')
      await reportError(error, { callable: process.env.FUNCTION_TARGET ?? 'unknown' });
    throw error;
  }
}

declare const guardedBrand: unique symbol;

/**
 * A callable built here, answering `Return`. The brand exists only for the type
 * checker: functions.ts uses it to find the callables it exports and to hold each
 * against its entry in src/domain/callables.ts.
 */
export type GuardedCallable<Return> = CallableFunction<unknown, Promise<Return>> & {
  readonly [guardedBrand]: true;
};

/** Options of a guarded callable: the guard's texts and the callable's own options (App Check is set here). */
export interface GuardedOptions<T> extends GuardMessages {
  call?: CallableOptions<T>;
}

/**
 * A callable whose handler runs only for a caller the guard accepts, and gets
 * that caller. Use this for every callable that needs a signed-in caller.
 */
export function guardedCall<Return>(
  access: Access,
  handler: (request: CallableRequest<unknown>, caller: Caller) => Promise<Return>,
  options: GuardedOptions<unknown> = {},
): GuardedCallable<Return> {
  // Admin callables answer a visitor as they answer a member: 'Access Denied'.
  const messages: GuardMessages = { signIn: access === 'admin' ? ADMIN_ONLY_MESSAGE : undefined, ...options };
  const fn = onCall<unknown, Promise<Return>>(
    { enforceAppCheck: enforceAppCheck(), ...options.call },
    async (request) => {
      const caller = await checkCaller(request, access, messages);
      return reportingUnexpected(handler(request, caller));
    },
  );
  guarded.set(fn, { access });
  return fn as GuardedCallable<Return>;
}

/**
 * A callable that visitors may call (sign-up, a password-reset request, an
 * unsubscribe): no caller is required. `reason` says why it is open; the guard
 * test lists it. Anything it does must be safe for a stranger to ask.
 */
export function openCall<Return>(
  reason: string,
  handler: (request: CallableRequest<unknown>) => Promise<Return>,
  options: { call?: CallableOptions<unknown> } = {},
): GuardedCallable<Return> {
  const fn = onCall<unknown, Promise<Return>>(
    { enforceAppCheck: enforceAppCheck(), ...options.call },
    (request) => reportingUnexpected(handler(request)),
  );
  guarded.set(fn, { access: 'open', reason });
  return fn as GuardedCallable<Return>;
}

/** The stamp to write for "every session before now is over". */
export function sessionStampNow(now = Date.now()): Timestamp {
  return Timestamp.fromMillis(sessionStampMillis(now));
}

/**
 * Writes the stamp inside a transaction that also changes what ended the
 * sessions (a demotion or deactivation), so both commit together; call
 * `revokeSessions` after the commit.
 */
export function stampSessionsEnded(tx: Transaction, uid: string, now = Date.now()): void {
  tx.update(db().collection('profiles').doc(uid), { [SESSION_STAMP_FIELD]: sessionStampNow(now) });
}

/** Revokes the member's refresh tokens in Firebase Auth (an account that is gone has none). */
export async function revokeSessions(uid: string): Promise<void> {
  try {
    await adminAuth().revokeRefreshTokens(uid);
  } catch (error) {
    if (authErrorCode(error) !== 'auth/user-not-found') throw error;
  }
}

/**
 * Ends every session of `uid`: writes the stamp on the profile (so callables and
 * rules refuse older tokens from now on), then revokes the refresh tokens (so no
 * browser gets a new token). Returns when both are done; a failure throws, so
 * the caller never reports success for a session that was not ended.
 */
export async function endSessions(uid: string, reason: string, now = Date.now()): Promise<void> {
  try {
    await db()
      .collection('profiles')
      .doc(uid)
      .update({ [SESSION_STAMP_FIELD]: sessionStampNow(now) });
  } catch (error) {
    // No profile (sign-up never finished): Firebase Auth's own revocation is what the guard checks then.
    if (!isNotFound(error)) throw error;
  }
  await revokeSessions(uid);
  logger.info('sessions ended', { uid, reason });
}
