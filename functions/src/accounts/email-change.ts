import { HttpsError } from 'firebase-functions/v2/https';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import * as logger from 'firebase-functions/logger';
import { getFunctions } from 'firebase-admin/functions';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { UserRecord } from 'firebase-admin/auth';
import { z } from 'zod';
import {
  ACTION_PAGES,
  EMAIL_CHANGE_THROTTLED_MESSAGE,
  emailChangeRequestSchema,
  ownActionLink,
  REAUTH_REQUIRED_MESSAGE,
  RECENT_SIGN_IN_SECONDS,
  SAME_EMAIL_MESSAGE,
} from '../../../src/domain/accounts/account';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { EMAIL_CHANGE_LIMITS } from '../../../src/domain/shared/throttle';
import { db } from '../shared/firestore';
import { mailBrand } from '../mail/brand';
import { memberMailName, verifiedAddress } from '../mail/member-address';
import { sendMail } from '../mail/send-mail';
import { siteUrl } from '../mail/settings';
import { emailChangeConfirmEmail, emailChangedNoticeEmail, emailTakenNoticeEmail } from '../mail/templates';
import { adminAuth, authErrorCode } from '../shared/admin-auth';
import { guardedCall } from '../shared/guard';
import { consumeAttempt } from './throttle';
import type { EmailChangeResult } from '../../../src/domain/callables';

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

/** The task queue (a function of that name) that checks the new address and mails. */
export const EMAIL_CHANGE_QUEUE = 'deliverEmailChange';

/** One queued email change. */
export const emailChangeTaskSchema = z.object({
  /** The member moving their account. */
  uid: z.string().min(1).max(128),
  /** Their address when they asked. */
  oldEmail: z.string().min(1).max(254),
  /** The address asked for, lower-cased. */
  newEmail: z.string().min(1).max(254),
});
/** A queued email change. */
export type EmailChangeTask = z.infer<typeof emailChangeTaskSchema>;

/** The caller of requestEmailChange as the request path needs them (from the guard and their token). */
export interface EmailChangeCaller {
  /** Their uid. */
  uid: string;
  /** When they last entered their password (seconds). */
  authTime: number;
  /** Their current address. */
  email: string | undefined;
}

/** What the request path may use: the throttle's store and the queue. Nothing that can look an address up. */
export interface EmailChangeRequestDeps {
  /** Holds the throttle counters (the throttles collection only). */
  firestore: Firestore;
  /** Queues the check of the new address and the mail. */
  enqueue: (task: EmailChangeTask) => Promise<void>;
  /** Now, in ms (tests). */
  now?: number;
}

/**
 * The request path of requestEmailChange: checks what the caller's own session
 * and request show (recent password entry, an address of their own, a different
 * new address), counts the attempt, queues the rest and answers at once. It never
 * looks the new address up, so the answer and its time are the same whether or
 * not another account holds it; the task tells that account's owner instead.
 */
export async function acceptEmailChangeRequest(
  caller: EmailChangeCaller,
  data: unknown,
  deps: EmailChangeRequestDeps,
): Promise<EmailChangeResult> {
  const now = deps.now ?? Date.now();
  const parsed = emailChangeRequestSchema.safeParse(data);
  if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
  if (now / 1000 - caller.authTime > RECENT_SIGN_IN_SECONDS)
    throw new HttpsError('failed-precondition', REAUTH_REQUIRED_MESSAGE);
  const oldEmail = caller.email;
  if (!oldEmail) throw new HttpsError('failed-precondition', 'Your account has no email address to change.');
  const newEmail = parsed.data.newEmail.toLowerCase();
  if (newEmail === oldEmail.toLowerCase()) throw new HttpsError('invalid-argument', SAME_EMAIL_MESSAGE);
  await consumeAttempt(
    deps.firestore,
    [{ kind: 'email-change', value: caller.uid, limits: EMAIL_CHANGE_LIMITS }],
    EMAIL_CHANGE_THROTTLED_MESSAGE,
    now,
  );
  await deps.enqueue({ uid: caller.uid, oldEmail, newEmail });
  return { newEmail };
}

/**
 * Callable, signed-in members: asks for a confirmation link at a new address;
 * the account moves there only when the link is followed (Firebase's
 * verify-and-change code). The caller must have entered their password in the
 * last few minutes (the page re-authenticates first), so a session left open
 * cannot move the account away. Request data: { newEmail }. Returns
 * { newEmail } whether or not the address is taken (see
 * acceptEmailChangeRequest); the deliverEmailChange task mails. Errors:
 * unauthenticated (signed out or session ended), failed-precondition
 * (REAUTH_REQUIRED_MESSAGE), invalid-argument (bad or same address),
 * resource-exhausted (EMAIL_CHANGE_THROTTLED_MESSAGE).
 */
export const requestEmailChange = guardedCall(
  'session',
  async (request, caller): Promise<EmailChangeResult> => {
    // The caller's own address from their token: the guard has checked the session is live, and
    // a confirmed email change ends every session, so a live token carries the current address.
    const email = request.auth?.token.email;
    return acceptEmailChangeRequest(
      { uid: caller.uid, authTime: caller.authTime, email: typeof email === 'string' ? email : undefined },
      request.data,
      {
        firestore: db(),
        enqueue: (task) => getFunctions().taskQueue(EMAIL_CHANGE_QUEUE).enqueue(task),
      },
    );
  },
);

/** The Auth account found by `find`, or null when there is none. */
async function userOrNull(find: Promise<UserRecord>): Promise<UserRecord | null> {
  try {
    return await find;
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return null;
    throw error;
  }
}

const userByEmail = (email: string) => userOrNull(adminAuth().getUserByEmail(email));

/**
 * Tells the holder of an address that someone asked to move an account there,
 * when that address is verified; says nothing about who asked.
 */
async function noticeToHolder(
  firestore: Firestore,
  holder: UserRecord,
  task: EmailChangeTask,
): Promise<void> {
  const to = verifiedAddress(holder);
  if (to === null) {
    logger.info('email change: the new address is taken and unverified; nobody told', { uid: task.uid });
    return;
  }
  const [brand, name] = await Promise.all([mailBrand(firestore), memberMailName(firestore, holder.uid)]);
  await sendMail({ to, ...emailTakenNoticeEmail(name, brand) }, { stream: 'account' });
  logger.info('email change: the new address is taken; its holder was told', { uid: task.uid });
}

/**
 * The queued half of an email change. When the member's address is no longer
 * the one they asked from, nothing happens. Otherwise the pending change is
 * recorded, taken address or not, so the account page shows the member the same
 * either way. When another account holds the new address, its holder gets a
 * notice and no link is made (the change can never complete); otherwise the
 * confirmation link goes to the new address, greeting the member by their
 * profile name.
 */
export async function mailEmailChange(firestore: Firestore, task: EmailChangeTask): Promise<void> {
  const member = await userOrNull(adminAuth().getUser(task.uid));
  if (member?.email?.toLowerCase() !== task.oldEmail.toLowerCase()) {
    logger.info('email change: the account moved or was removed since the request; nothing sent', {
      uid: task.uid,
    });
    return;
  }
  await emailChangeDoc(firestore, task.uid).set({
    old_email: task.oldEmail,
    new_email: task.newEmail,
    requested_at: FieldValue.serverTimestamp(),
    notified_at: null,
  });
  const holder = await userByEmail(task.newEmail);
  if (holder) return noticeToHolder(firestore, holder, task);
  const origin = siteUrl();
  let firebaseLink: string;
  try {
    firebaseLink = await adminAuth().generateVerifyAndChangeEmailLink(task.oldEmail, task.newEmail, {
      url: `${origin}/account`,
    });
  } catch (error) {
    // Taken between the lookup and now.
    const raced =
      authErrorCode(error) === 'auth/email-already-exists' ? await userByEmail(task.newEmail) : null;
    if (raced) return noticeToHolder(firestore, raced, task);
    throw error;
  }
  const link = ownActionLink(firebaseLink, ACTION_PAGES.confirmEmail, origin, { uid: task.uid });
  const [brand, name] = await Promise.all([mailBrand(firestore), memberMailName(firestore, task.uid)]);
  await sendMail(
    { to: task.newEmail, ...emailChangeConfirmEmail(name, task.newEmail, link, brand) },
    { stream: 'account' },
  );
  logger.info('email change: confirmation sent', { uid: task.uid });
}

/**
 * The task queue behind requestEmailChange: one task per accepted request. A
 * failure (Auth or the mail server) is retried a few times, then logged.
 */
export const deliverEmailChange = onTaskDispatched(
  { retryConfig: { maxAttempts: 3, minBackoffSeconds: 10 }, rateLimits: { maxConcurrentDispatches: 6 } },
  async (request) => {
    const task = emailChangeTaskSchema.parse(request.data);
    try {
      await mailEmailChange(db(), task);
    } catch (error) {
      logger.error('email change: the confirmation was not sent; the task will be retried', {
        uid: task.uid,
        error,
      });
      throw error;
    }
  },
);

/**
 * Brings the private records in line with Auth after an address was confirmed:
 * records when the current address was verified, and tells the old address
 * once when a requested change has taken effect.
 * Idempotent: a second call finds nothing to do. `justConfirmed` records the
 * date: pass it only after a mailed code was applied (confirmEmailCode).
 */
export async function settleEmailConfirmation(
  firestore: Firestore,
  uid: string,
  { justConfirmed }: { justConfirmed: boolean },
): Promise<void> {
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
    const [record, change] = await tx.getAll(
      accountRecordDoc(firestore, uid),
      emailChangeDoc(firestore, uid),
    );
    const oldEmail = change?.get('old_email');
    const changeDone =
      change?.exists === true &&
      change.get('new_email') === email &&
      change.get('notified_at') == null &&
      typeof oldEmail === 'string';
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
    await sendMail(
      {
        to: notice.oldEmail,
        ...emailChangedNoticeEmail(await memberMailName(firestore, uid), email, brand),
      },
      { stream: 'account' },
    );
    logger.info('email change: the old address was told', { uid });
  } catch (error) {
    logger.error('email change: telling the old address failed', { uid, error });
    await emailChangeDoc(firestore, uid).update({ notified_at: null });
  }
}
