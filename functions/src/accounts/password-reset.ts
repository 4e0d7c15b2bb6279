import { HttpsError } from 'firebase-functions/v2/https';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import * as logger from 'firebase-functions/logger';
import { getFunctions } from 'firebase-admin/functions';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import {
  ACTION_PAGES,
  FOREIGN_CONTINUE_URL_MESSAGE,
  ownActionLink,
  passwordResetRequestSchema,
  RESET_REQUESTED_MESSAGE,
  RESET_THROTTLED_MESSAGE,
  sameOriginUrl,
} from '../../../src/domain/accounts/account';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import {
  PASSWORD_RESET_LIMITS_PER_EMAIL,
  PASSWORD_RESET_LIMITS_PER_IP,
} from '../../../src/domain/shared/throttle';
import { db } from '../shared/firestore';
import { mailBrand } from '../mail/brand';
import { memberMailName } from '../mail/member-address';
import { sendMail } from '../mail/send-mail';
import { siteUrl } from '../mail/settings';
import { passwordResetEmail } from '../mail/templates';
import { adminAuth, authErrorCode } from '../shared/admin-auth';
import { clientAddress, type RequestAddress } from '../shared/client-address';
import { consumeAttempt } from './throttle';
import { openCall } from '../shared/guard';
import type { PasswordResetResult } from '../../../src/domain/callables';

/** The task queue (a function of that name) that looks an address up and mails the reset link. */
export const PASSWORD_RESET_QUEUE = 'deliverPasswordReset';

/** One queued reset: the address asked for and the checked page to return to. */
export const passwordResetTaskSchema = z.object({
  /** The address as typed (already validated). */
  email: z.string().min(1).max(254),
  /** A page of this site (already checked), or null for /auth. */
  continueUrl: z.string().nullable(),
});
/** A queued reset. */
export type PasswordResetTask = z.infer<typeof passwordResetTaskSchema>;

/** What the request path may use: the throttle's store and the queue. Nothing that can look an address up. */
export interface ResetRequestDeps {
  /** Holds the throttle counters (the throttles collection only). */
  firestore: Firestore;
  /** Queues the lookup and the mail. */
  enqueue: (task: PasswordResetTask) => Promise<void>;
  /** The site's origin, which a continue URL must share. */
  siteUrl: string;
}

/** Counts a reset request against the address and the caller's IP (all in one transaction). */
export async function throttlePasswordReset(
  firestore: Firestore,
  email: string,
  caller: RequestAddress,
  now = Date.now(),
): Promise<void> {
  await consumeAttempt(
    firestore,
    [
      { kind: 'reset-email', value: email.toLowerCase(), limits: PASSWORD_RESET_LIMITS_PER_EMAIL },
      { kind: 'reset-ip', value: clientAddress(caller), limits: PASSWORD_RESET_LIMITS_PER_IP },
    ],
    RESET_THROTTLED_MESSAGE,
    now,
  );
}

/**
 * The queued half of a reset: looks the address up, and for an enabled account
 * generates a reset code with the Admin SDK and mails our own /auth/reset link
 * for it, greeting the member by their profile name. An address with no account
 * (or a disabled one) gets nothing.
 */
export async function mailPasswordReset({ email, continueUrl }: PasswordResetTask): Promise<void> {
  const auth = adminAuth();
  let user;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return;
    throw error;
  }
  // An unverified address gets the link too: like the verification mail, the
  // reset link proves that whoever follows it reads this address (Firebase marks
  // the address verified when the reset is completed).
  if (user.disabled || !user.email) return;
  const origin = siteUrl();
  const firebaseLink = await auth.generatePasswordResetLink(user.email, {
    url: continueUrl ?? `${origin}/auth`,
  });
  const link = ownActionLink(
    firebaseLink,
    ACTION_PAGES.resetPassword,
    origin,
    continueUrl ? { continueUrl } : {},
  );
  const firestore = db();
  const [brand, name] = await Promise.all([mailBrand(firestore), memberMailName(firestore, user.uid)]);
  await sendMail({ to: user.email, ...passwordResetEmail(name, link, brand) }, { stream: 'account' });
}

/**
 * The request path of requestPasswordReset: validates, counts the attempt
 * against the address and the client (resource-exhausted when either is spent),
 * queues the lookup and the mail, and answers at once with the same message for
 * every address. It never looks at Auth or at profiles, so neither its answer nor
 * its time can tell whether an account exists.
 */
export async function acceptPasswordResetRequest(
  data: unknown,
  caller: RequestAddress,
  deps: ResetRequestDeps,
): Promise<PasswordResetResult> {
  const parsed = passwordResetRequestSchema.safeParse(data);
  if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
  const { email } = parsed.data;
  let continueUrl: string | null = null;
  if (parsed.data.continueUrl !== undefined) {
    continueUrl = sameOriginUrl(parsed.data.continueUrl, deps.siteUrl);
    if (continueUrl === null) throw new HttpsError('invalid-argument', FOREIGN_CONTINUE_URL_MESSAGE);
  }
  await throttlePasswordReset(deps.firestore, email, caller);
  await deps.enqueue({ email, continueUrl });
  return { message: RESET_REQUESTED_MESSAGE };
}

/**
 * Callable, open to visitors: emails a link to choose a new password.
 * Request data: { email, continueUrl? } (passwordResetRequestSchema). The
 * continue URL must be a page of this site (else invalid-argument with
 * FOREIGN_CONTINUE_URL_MESSAGE). Throttled per address and per client IP
 * (resource-exhausted, RESET_THROTTLED_MESSAGE), counted the same for
 * addresses with and without an account. Returns { message } with the same
 * message for every address, at once: the lookup and the mail happen in the
 * deliverPasswordReset task (acceptPasswordResetRequest).
 */
export const requestPasswordReset = openCall(
  'a member who forgot their password is signed out',
  (request): Promise<PasswordResetResult> =>
    acceptPasswordResetRequest(request.data, request.rawRequest, {
      firestore: db(),
      enqueue: (task) => getFunctions().taskQueue(PASSWORD_RESET_QUEUE).enqueue(task),
      siteUrl: siteUrl(),
    }),
);

/**
 * The task queue behind requestPasswordReset: one task per accepted request.
 * A failure (Auth or the mail server) is retried a few times, then logged;
 * the visitor has already had their answer.
 */
export const deliverPasswordReset = onTaskDispatched(
  { retryConfig: { maxAttempts: 3, minBackoffSeconds: 10 }, rateLimits: { maxConcurrentDispatches: 6 } },
  async (request) => {
    const task = passwordResetTaskSchema.parse(request.data);
    try {
      await mailPasswordReset(task);
    } catch (error) {
      logger.error('password reset: the email was not sent; the task will be retried', { error });
      throw error;
    }
  },
);
