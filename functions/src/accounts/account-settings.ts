import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import { memberTargetSchema } from '../../../src/domain/account';
import { firstErrorMessage } from '../../../src/domain/common';
import { db } from '../firestore';
import { adminAuth, authErrorCode } from './admin-auth';
import { enforceAppCheck } from './app-check';
import { accountRecordDoc, emailChangeDoc, settleEmailConfirmation } from './email-change';
import { liveCaller, type LiveCaller } from './live-session';

/** What /account shows about a member's sign-in. */
export interface AccountOverview {
  /** The member's uid. */
  uid: string;
  /** Auth's display name (the profile's is the page's). */
  displayName: string;
  /** The sign-in address. */
  email: string;
  /** True once the address was confirmed. */
  emailVerified: boolean;
  /** When the current address was confirmed (ISO), when recorded. */
  emailVerifiedAt: string | null;
  /** A new address waiting for its confirmation, if any. */
  pendingEmail: string | null;
}

/** The member a request is about: the caller, or (admins only) `userId`. Throws permission-denied otherwise. */
export function targetOf(caller: LiveCaller, data: unknown): string {
  const parsed = memberTargetSchema.safeParse(data);
  if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
  const userId = parsed.data?.userId;
  if (userId === undefined || userId === caller.uid) return caller.uid;
  if (!caller.admin) throw new HttpsError('permission-denied', 'Only administrators can see another member’s account.');
  return userId;
}

/**
 * Callable, signed-in: the sign-in details /account shows. Request data:
 * { userId? } (another member: admins only). Settles a confirmed email change
 * first, so the old address is told even when the confirming page could not.
 */
export const accountOverview = onCall({ enforceAppCheck: enforceAppCheck() }, async (request): Promise<AccountOverview> => {
  const caller = await liveCaller(request);
  const uid = targetOf(caller, request.data);
  const firestore = db();
  await settleEmailConfirmation(firestore, uid, { justConfirmed: false }).catch((error: unknown) => logger.error('account overview: settling failed', { uid, error }));
  let user;
  try {
    user = await adminAuth().getUser(uid);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') throw new HttpsError('not-found', 'No such member.');
    throw error;
  }
  const [record, change] = await firestore.getAll(accountRecordDoc(firestore, uid), emailChangeDoc(firestore, uid));
  const email = user.email ?? '';
  const verifiedAt = record?.get('email') === email.toLowerCase() ? record.get('email_verified_at') : undefined;
  const pending = change?.exists && change.get('notified_at') == null && change.get('new_email') !== email.toLowerCase() ? change.get('new_email') : null;
  return {
    uid,
    displayName: user.displayName ?? '',
    email,
    emailVerified: user.emailVerified,
    emailVerifiedAt: user.emailVerified && verifiedAt && typeof verifiedAt.toDate === 'function' ? verifiedAt.toDate().toISOString() : null,
    pendingEmail: typeof pending === 'string' ? pending : null,
  };
});

/**
 * Callable, signed-in: ends every session of the caller's account by revoking
 * its refresh tokens. Other browsers lose their session when their ID token is
 * next checked (our callables and endpoints check revocation; the site's session
 * check reloads the account). Request data: none. Returns { status: 'done' }.
 */
export const signOutEverywhere = onCall({ enforceAppCheck: enforceAppCheck() }, async (request): Promise<{ status: 'done' }> => {
  const caller = await liveCaller(request);
  await adminAuth().revokeRefreshTokens(caller.uid);
  logger.info('signed out everywhere', { uid: caller.uid });
  return { status: 'done' };
});
