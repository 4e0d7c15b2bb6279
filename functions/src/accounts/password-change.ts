import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import {
  PASSWORD_TOO_SHORT_MESSAGE,
  passwordChangeRequestSchema,
  REAUTH_REQUIRED_MESSAGE,
  RECENT_SIGN_IN_SECONDS,
} from '../../../src/domain/accounts/account';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { endSessions, guardedCall } from '../shared/guard';
import { adminAuth, authErrorCode } from '../shared/admin-auth';

/**
 * Callable, signed-in: sets a new password and ends every session of the
 * account (the session stamp, then the refresh tokens) before it answers, so
 * from the answer on no browser that held the old password still writes. The
 * caller must have entered the current password in the last few minutes (the
 * page re-authenticates first), so a session left open cannot take the
 * account over. The calling browser's own token predates the cut: it signs in
 * again with the new password. Request data: { newPassword }. Returns
 * { status: 'done' }. Errors: unauthenticated (signed out or session ended),
 * failed-precondition (REAUTH_REQUIRED_MESSAGE), invalid-argument (a weak
 * password).
 */
export const changePassword = guardedCall('session', async (request, caller): Promise<{ status: 'done' }> => {
  const parsed = passwordChangeRequestSchema.safeParse(request.data);
  if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
  if (Date.now() / 1000 - caller.authTime > RECENT_SIGN_IN_SECONDS)
    throw new HttpsError('failed-precondition', REAUTH_REQUIRED_MESSAGE);
  try {
    await adminAuth().updateUser(caller.uid, { password: parsed.data.newPassword });
  } catch (error) {
    if (authErrorCode(error) === 'auth/invalid-password')
      throw new HttpsError('invalid-argument', PASSWORD_TOO_SHORT_MESSAGE);
    throw error;
  }
  await endSessions(caller.uid, 'password change');
  logger.info('password changed', { uid: caller.uid });
  return { status: 'done' };
});
