import { HttpsError } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  ACTION_PAGES, EMAIL_CHANGE_THROTTLED_MESSAGE, EMAIL_IN_USE_MESSAGE, emailChangeRequestSchema, ownActionLink,
  REAUTH_REQUIRED_MESSAGE, RECENT_SIGN_IN_SECONDS, SAME_EMAIL_MESSAGE,
} from '../../../src/domain/account';
import { firstErrorMessage } from '../../../src/domain/common';
import { EMAIL_CHANGE_LIMITS } from '../../../src/domain/throttle';
import { db } from '../firestore';
import { mailBrand } from '../mail/brand';
import { sendMail } from '../mail/send-mail';
import { siteUrl } from '../mail/settings';
import { emailChangeConfirmEmail, emailChangedNoticeEmail } from '../mail/templates';
import { adminAuth, authErrorCode } from './admin-auth';
import { guardedCall } from '../guard';
import { consumeAttempt } from './throttle';

/**
 * profiles/{uid}/private/account = { email, email_verified_at }: when the
 * address the account has now was confirmed (Firebase Auth keeps no date).
 * profiles/{uid}/private/email_change = { old_email, new_email, requested_at,
 * notified_at }: the last change asked for, so the old address is told once the
 * new one is confirmed. The private subcollection has no rules: Admin SDK only.
 */
export function accountRecordDoc(firestore: Firestore, uid: string) {
  return firestore.doc(`profiles/${uid}/private/account`);
}

/** The pending email change of `uid` (see accountRecordDoc). */
export function emailChangeDoc(firestore: Firestore, uid: string) {
  return firestore.doc(`profiles/${uid}/private/email_change`);
}

/** What requestEmailChange answers. */
export interface EmailChangeResult {
  /** The address the confirmation went to. */
  newEmail: string;
}

async function emailTaken(email: string): Promise<boolean> {
  try {
    await adminAuth().getUserByEmail(email);
    return true;
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return false;
    throw error;
  }
}

/**
 * Callable, signed-in members: mails a confirmation link to a new address; the
 * account moves there only when the link is followed (Firebase's
 * verify-and-change code). The caller must have entered their password in the
 * last few minutes (the page re-authenticates first), so a session left open
 * cannot move the account away. Request data: { newEmail }. Errors:
 * unauthenticated (signed out or session ended), failed-precondition
 * (REAUTH_REQUIRED_MESSAGE), invalid-argument (bad or same address),
 * already-exists (EMAIL_IN_USE_MESSAGE), resource-exhausted, internal.
 */
export const requestEmailChange = guardedCall('session', async (request, caller): Promise<EmailChangeResult> => {
  const parsed = emailChangeRequestSchema.safeParse(request.data);
  if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
  if (Date.now() / 1000 - caller.authTime > RECENT_SIGN_IN_SECONDS) throw new HttpsError('failed-precondition', REAUTH_REQUIRED_MESSAGE);
  const user = await adminAuth().getUser(caller.uid);
  const oldEmail = user.email;
  if (!oldEmail) throw new HttpsError('failed-precondition', 'Your account has no email address to change.');
  const newEmail = parsed.data.newEmail.toLowerCase();
  if (newEmail === oldEmail.toLowerCase()) throw new HttpsError('invalid-argument', SAME_EMAIL_MESSAGE);
  if (await emailTaken(newEmail)) throw new HttpsError('already-exists', EMAIL_IN_USE_MESSAGE);

  const firestore = db();
  await consumeAttempt(firestore, [{ kind: 'email-change', value: caller.uid, limits: EMAIL_CHANGE_LIMITS }], EMAIL_CHANGE_THROTTLED_MESSAGE);
  const origin = siteUrl();
  try {
    const firebaseLink = await adminAuth().generateVerifyAndChangeEmailLink(oldEmail, newEmail, { url: `${origin}/account` });
    const link = ownActionLink(firebaseLink, ACTION_PAGES.confirmEmail, origin, { uid: caller.uid });
    await emailChangeDoc(firestore, caller.uid).set({
      old_email: oldEmail,
      new_email: newEmail,
      requested_at: FieldValue.serverTimestamp(),
      notified_at: null,
    });
    const brand = await mailBrand(firestore);
    await sendMail({ to: newEmail, ...emailChangeConfirmEmail(user.displayName ?? '', newEmail, link, brand) });
  } catch (error) {
    if (authErrorCode(error) === 'auth/email-already-exists') throw new HttpsError('already-exists', EMAIL_IN_USE_MESSAGE);
    logger.error('email change: the confirmation was not sent', { uid: caller.uid, error });
    throw new HttpsError('internal', 'The confirmation email could not be sent. Please try again later.');
  }
  logger.info('email change: confirmation sent', { uid: caller.uid });
  return { newEmail };
});

/**
 * Brings the private records in line with Auth after an address was confirmed:
 * records when the current address was verified, and tells the old address
 * once when a requested change has taken effect.
 * Idempotent: a second call finds nothing to do. `justConfirmed` records the
 * date: pass it only after a mailed code was applied (confirmEmailCode).
 */
export async function settleEmailConfirmation(firestore: Firestore, uid: string, { justConfirmed }: { justConfirmed: boolean }): Promise<void> {
  let user;
  try {
    user = await adminAuth().getUser(uid);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return;
    throw error;
  }
  const email = user.email?.toLowerCase();
  if (!user.emailVerified || !email) return;
  const notice = await firestore.runTransaction(async (tx) => {
    const [record, change] = await tx.getAll(accountRecordDoc(firestore, uid), emailChangeDoc(firestore, uid));
    const oldEmail = change?.get('old_email');
    const changeDone = change?.exists === true && change.get('new_email') === email && change.get('notified_at') == null && typeof oldEmail === 'string';
    // The date is recorded only when a confirmation has just happened (the
    // confirming page's call, or a requested change found done): an address
    // verified before dates were kept shows no date rather than a wrong one.
    if ((justConfirmed || changeDone) && record?.get('email') !== email) {
      tx.set(accountRecordDoc(firestore, uid), { email, email_verified_at: FieldValue.serverTimestamp() });
    }
    if (changeDone) {
      tx.update(change!.ref, { notified_at: FieldValue.serverTimestamp() });
      return { oldEmail: oldEmail as string };
    }
    return undefined;
  });
  if (!notice) return;
  try {
    const brand = await mailBrand(firestore);
    await sendMail({ to: notice.oldEmail, ...emailChangedNoticeEmail(user.displayName ?? '', email, brand) });
    logger.info('email change: the old address was told', { uid });
  } catch (error) {
    logger.error('email change: telling the old address failed', { uid, error });
    await emailChangeDoc(firestore, uid).update({ notified_at: null });
  }
}
