import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { RESEND_THROTTLED_MESSAGE, RESEND_VERIFICATION_LIMITS } from '../../../src/domain/shared/throttle';
import { db } from '../shared/firestore';
import { memberMailName } from '../mail/member-address';
import { adminAuth } from '../shared/admin-auth';
import { mailVerificationLink } from './sign-up';
import { consumeAttempt } from './throttle';
import { guardedCall } from '../shared/guard';
import type { ResendVerificationResult } from '../../../src/domain/callables';

/** The message when the mail could not be sent. */
export const RESEND_FAILED_MESSAGE = 'The verification email could not be sent. Please try again later.';

/**
 * Emails the signed-in member a fresh verification link (the one sent at
 * sign-up may be lost or expired). Signed-in only; throttled per member.
 * Request data: none. Returns { status }. Errors: unauthenticated,
 * failed-precondition (no email on the account), resource-exhausted
 * (RESEND_THROTTLED_MESSAGE), internal (RESEND_FAILED_MESSAGE).
 */
export const resendVerificationEmail = guardedCall(
  'session',
  async (_request, caller): Promise<ResendVerificationResult> => {
    const { uid } = caller;
    const user = await adminAuth().getUser(uid);
    if (user.emailVerified) return { status: 'already-verified' };
    if (user.email === undefined)
      throw new HttpsError('failed-precondition', 'Your account has no email address to verify.');

    const firestore = db();
    await consumeAttempt(
      firestore,
      [{ kind: 'resend-verification', value: uid, limits: RESEND_VERIFICATION_LIMITS }],
      RESEND_THROTTLED_MESSAGE,
    );
    try {
      // The profile's name, never the Auth displayName (any signed-in client can set that).
      await mailVerificationLink(user.email, await memberMailName(firestore, uid), uid);
    } catch (error) {
      logger.error('resend verification: the email was not sent', { uid, error });
      throw new HttpsError('internal', RESEND_FAILED_MESSAGE);
    }
    logger.info('resend verification: sent', { uid });
    return { status: 'sent' };
  },
  { signIn: 'Please sign in to ask for a verification email.' },
);
