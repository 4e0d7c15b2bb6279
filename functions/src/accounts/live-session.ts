import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import type { UserRecord } from 'firebase-admin/auth';
import { SESSION_ENDED_MESSAGE, sessionStillValid } from '../../../src/domain/account';
import { adminAuth, authErrorCode } from './admin-auth';

/** The caller of an account callable, checked against Auth. */
export interface LiveCaller {
  /** The caller's uid. */
  uid: string;
  /** The `admin` claim of the caller's token. */
  admin: boolean;
  /** When the caller last entered their password (auth_time, seconds). */
  authTime: number;
  /** The caller's Auth record, read fresh. */
  user: UserRecord;
}

/**
 * The signed-in caller, refused when their session was cut: the callable
 * framework verifies the ID token's signature and expiry but not revocation,
 * so a browser signed out everywhere could still call for up to an hour.
 * Comparing the token's sign-in time with the account's tokensValidAfterTime
 * closes that window. Throws 'unauthenticated' with `SESSION_ENDED_MESSAGE`.
 */
export async function liveCaller(request: CallableRequest<unknown>): Promise<LiveCaller> {
  const auth = request.auth;
  if (!auth) throw new HttpsError('unauthenticated', 'Please log in first.');
  let user: UserRecord;
  try {
    user = await adminAuth().getUser(auth.uid);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') throw new HttpsError('unauthenticated', SESSION_ENDED_MESSAGE);
    throw error;
  }
  const authTime = Number(auth.token.auth_time ?? 0);
  if (user.disabled || !sessionStillValid(authTime, user.tokensValidAfterTime)) {
    throw new HttpsError('unauthenticated', SESSION_ENDED_MESSAGE);
  }
  return { uid: auth.uid, admin: auth.token.admin === true, authTime, user };
}
