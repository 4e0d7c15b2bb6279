import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import {
  ACTION_PAGES, FOREIGN_CONTINUE_URL_MESSAGE, ownActionLink, passwordResetRequestSchema, RESET_REQUESTED_MESSAGE, RESET_THROTTLED_MESSAGE,
  sameOriginUrl,
} from '../../../src/domain/account';
import { firstErrorMessage } from '../../../src/domain/common';
import { PASSWORD_RESET_LIMITS_PER_EMAIL, PASSWORD_RESET_LIMITS_PER_IP } from '../../../src/domain/throttle';
import { db } from '../firestore';
import { mailBrand } from '../mail/brand';
import { sendMail } from '../mail/send-mail';
import { siteUrl } from '../mail/settings';
import { passwordResetEmail } from '../mail/templates';
import { adminAuth, authErrorCode } from './admin-auth';
import { enforceAppCheck } from './app-check';
import { clientAddress, type RequestAddress } from '../client-address';
import { consumeAttempt } from './throttle';

/** What requestPasswordReset answers, whatever the address: the same message. */
export interface PasswordResetResult {
  /** RESET_REQUESTED_MESSAGE. */
  message: string;
}

/** Counts a reset request against the address and the caller's IP (all in one transaction). */
export async function throttlePasswordReset(email: string, caller: RequestAddress, now = Date.now()): Promise<void> {
  await consumeAttempt(
    db(),
    [
      { kind: 'reset-email', value: email.toLowerCase(), limits: PASSWORD_RESET_LIMITS_PER_EMAIL },
      { kind: 'reset-ip', value: clientAddress(caller), limits: PASSWORD_RESET_LIMITS_PER_IP },
    ],
    RESET_THROTTLED_MESSAGE,
    now,
  );
}

/**
 * Generates a reset code with the Admin SDK and mails our own /auth/reset link
 * for it. An address with no account (or a disabled one) gets nothing, silently.
 */
export async function mailPasswordReset(email: string, continueUrl: string | null): Promise<void> {
  const auth = adminAuth();
  let user;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return;
    throw error;
  }
  if (user.disabled || !user.email) return;
  const origin = siteUrl();
  const firebaseLink = await auth.generatePasswordResetLink(user.email, { url: continueUrl ?? `${origin}/auth` });
  const link = ownActionLink(firebaseLink, ACTION_PAGES.resetPassword, origin, continueUrl ? { continueUrl } : {});
  const brand = await mailBrand(db());
  await sendMail({ to: user.email, ...passwordResetEmail(user.displayName ?? '', link, brand) });
}

/**
 * Callable, open to visitors: emails a link to choose a new password.
 * Request data: { email, continueUrl? } (passwordResetRequestSchema). The
 * continue URL must be a page of this site (else invalid-argument with
 * FOREIGN_CONTINUE_URL_MESSAGE). Throttled per address and per client IP
 * (resource-exhausted, RESET_THROTTLED_MESSAGE), counted the same for
 * addresses with and without an account. Returns { message } with the same
 * message for every address, so the answer never tells whether an account
 * exists; a failure to send is logged, not reported, for the same reason.
 */
export const requestPasswordReset = onCall({ enforceAppCheck: enforceAppCheck() }, async (request): Promise<PasswordResetResult> => {
  const parsed = passwordResetRequestSchema.safeParse(request.data);
  if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
  const { email } = parsed.data;
  let continueUrl: string | null = null;
  if (parsed.data.continueUrl !== undefined) {
    continueUrl = sameOriginUrl(parsed.data.continueUrl, siteUrl());
    if (continueUrl === null) throw new HttpsError('invalid-argument', FOREIGN_CONTINUE_URL_MESSAGE);
  }
  await throttlePasswordReset(email, request.rawRequest);
  try {
    await mailPasswordReset(email, continueUrl);
  } catch (error) {
    logger.error('password reset: the email was not sent', { error });
  }
  return { message: RESET_REQUESTED_MESSAGE };
});
