import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import {
  ACTION_CODE_THROTTLED_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  passwordResetCompletionSchema,
  RESET_LINK_INVALID_MESSAGE,
  resetLinkProblem,
} from '../../../src/domain/accounts/account';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { ACTION_CODE_LIMITS_PER_IP } from '../../../src/domain/shared/throttle';
import { db } from '../shared/firestore';
import { endSessions, openCall } from '../shared/guard';
import { adminAuth, authErrorCode } from '../shared/admin-auth';
import { actionCodeErrorCode, callAuthRest } from './auth-rest';
import { clientAddress, type RequestAddress } from '../shared/client-address';
import { consumeAttempt } from './throttle';

/** Counts one use of a mailed link against the caller's IP (shared by the reset and the email confirmation). */
export async function throttleActionCode(caller: RequestAddress): Promise<void> {
  await consumeAttempt(
    db(),
    [{ kind: 'action-code-ip', value: clientAddress(caller), limits: ACTION_CODE_LIMITS_PER_IP }],
    ACTION_CODE_THROTTLED_MESSAGE,
  );
}

/** The uid of the account with `email`, or null when there is none (deleted since the mail). */
async function uidOfEmail(email: string): Promise<string | null> {
  try {
    return (await adminAuth().getUserByEmail(email)).uid;
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * Callable, open (who forgot the password is signed out): sets the new password
 * with the reset mail's one-time code, then ends every session of that account
 * before it answers. Firebase checks and uses up the code (the Auth REST API's
 * accounts:resetPassword) and names the account, so the caller proves nothing
 * but possession of the mailed code. Request data: { oobCode, newPassword }.
 * Returns { status: 'done' }. Errors: invalid-argument (a weak password; the
 * code is not used up), failed-precondition (RESET_LINK_EXPIRED_MESSAGE or
 * RESET_LINK_INVALID_MESSAGE: a made-up, used, expired or other kind of code,
 * nothing written), resource-exhausted (too many attempts from one client).
 */
export const completePasswordReset = openCall(
  'a member who forgot their password is signed out',
  async (request): Promise<{ status: 'done' }> => {
    const parsed = passwordResetCompletionSchema.safeParse(request.data);
    if (!parsed.success) {
      const message = firstErrorMessage(parsed.error);
      throw new HttpsError(
        message === RESET_LINK_INVALID_MESSAGE ? 'failed-precondition' : 'invalid-argument',
        message,
      );
    }
    await throttleActionCode(request.rawRequest);
    const { oobCode, newPassword } = parsed.data;
    const applied = await callAuthRest('resetPassword', { oobCode, newPassword });
    if (!applied.ok) {
      if (applied.reason === 'WEAK_PASSWORD')
        throw new HttpsError('invalid-argument', PASSWORD_TOO_SHORT_MESSAGE);
      throw new HttpsError('failed-precondition', resetLinkProblem(actionCodeErrorCode(applied.reason)));
    }
    const email = applied.body.email;
    const uid = typeof email === 'string' ? await uidOfEmail(email) : null;
    if (uid) await endSessions(uid, 'password reset');
    logger.info('password reset completed', { uid });
    return { status: 'done' };
  },
);
