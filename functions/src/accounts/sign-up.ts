import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { UserRecord } from 'firebase-admin/auth';
import { signupRequestSchema, type SignupRequest } from '../../../src/domain/accounts/signup';
import { profileWriteSchema } from '../../../src/domain/accounts/profile';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { directoryFields } from '../../../src/domain/accounts/directory';
import { db } from '../shared/firestore';
import { adminAuth, authErrorCode } from '../shared/admin-auth';
import { claimPageSlug } from './page-slug';
import { sendMail } from '../mail/send-mail';
import { verificationEmail } from '../mail/templates';
import { siteUrl } from '../mail/settings';
import { mailBrand } from '../mail/brand';
import { ACTION_PAGES, ownActionLink } from '../../../src/domain/accounts/account';
import {
  SIGNUP_LIMITS_PER_EMAIL,
  SIGNUP_LIMITS_PER_IP,
  SIGNUP_THROTTLED_MESSAGE,
} from '../../../src/domain/shared/throttle';
import { clientAddress, type RequestAddress } from '../shared/client-address';
import { consumeAttempt } from './throttle';
import { openCall } from '../shared/guard';
import type { SignUpResult } from '../../../src/domain/callables';

/** What a new member chooses that their starting profile holds. */
export type StartingChoices = Pick<SignupRequest, 'display_name' | 'category'>;

/**
 * The message for an email that already has an account. The sign-up form looks
 * for 'already registered' to show 'Account Already Exists'.
 */
export const EMAIL_TAKEN_MESSAGE = 'The email address is already registered by another account.';

/** The message for any failure the member cannot fix by changing the form. */
export const SIGNUP_FAILED_MESSAGE = 'Sign-up failed. Please try again later.';

/**
 * The profile every new member starts with: a plain User, pending approval, on the
 * free plan. Only this function creates profiles, so these values cannot be chosen
 * by the browser (firestore.rules deny client creates). It already carries the
 * search and sort fields the directory trigger would derive, so the member can be
 * searched for (by the directory and the dashboard) from the moment the profile exists.
 */
export function startingProfile(uid: string, request: StartingChoices, pageSlug: string, createdAt: Date) {
  return {
    user_id: uid,
    display_name: request.display_name,
    role: 'User',
    category: request.category,
    page_slug: pageSlug,
    approval_status: 'pending',
    subscription_status: 'free',
    is_active: true,
    book_count: 0,
    created_at: createdAt,
    ...directoryFields({ display_name: request.display_name, category: request.category, about_me: null }),
  } as const;
}

/** Turns an Admin SDK error from createUser into the error the browser sees. */
function createUserError(error: unknown): HttpsError {
  switch (authErrorCode(error)) {
    case 'auth/email-already-exists':
      return new HttpsError('already-exists', EMAIL_TAKEN_MESSAGE);
    case 'auth/invalid-email':
      return new HttpsError('invalid-argument', 'Please enter a valid email address.');
    case 'auth/invalid-password':
      return new HttpsError('invalid-argument', 'Password must be at least 6 characters long.');
    default:
      logger.error('sign-up: creating the Auth user failed', { error });
      return new HttpsError('internal', SIGNUP_FAILED_MESSAGE);
  }
}

/**
 * Claims a unique page slug and creates profiles/{uid} with the starting values
 * inside `tx` (call it before any other write of the transaction). Shared by
 * sign-up and ensureProfile, so both start a member the same way.
 */
export async function createStartingProfile(
  tx: Transaction,
  firestore: Firestore,
  uid: string,
  request: StartingChoices,
): Promise<string> {
  const pageSlug = await claimPageSlug(tx, firestore, request.display_name, uid);
  const profile = startingProfile(uid, request, pageSlug, new Date());
  // Validated with the shared schema so the function can never write a profile
  // the site would refuse to read; the stored time is the server's.
  profileWriteSchema.parse(profile);
  tx.create(firestore.collection('profiles').doc(uid), {
    ...profile,
    created_at: FieldValue.serverTimestamp(),
  });
  return pageSlug;
}

/**
 * Claims a unique page slug and creates profiles/{uid} in one transaction, so a
 * slug is never claimed without its profile or the other way round.
 */
export async function createProfile(
  firestore: Firestore,
  uid: string,
  request: StartingChoices,
): Promise<string> {
  return firestore.runTransaction((tx) => createStartingProfile(tx, firestore, uid, request));
}

/**
 * Generates a verification code for `email` with the Admin SDK and emails a
 * link to our own confirmation page (which applies the code and records when
 * the address was verified); throws when either fails. `displayName` must come
 * from the profile (or the validated sign-up request that created it).
 */
export async function mailVerificationLink(email: string, displayName: string, uid: string): Promise<void> {
  const origin = siteUrl();
  const firebaseLink = await adminAuth().generateEmailVerificationLink(email, { url: `${origin}/auth` });
  const link = ownActionLink(firebaseLink, ACTION_PAGES.confirmEmail, origin, { uid });
  await sendMail(
    { to: email, ...verificationEmail(displayName, link, await mailBrand(db())) },
    { stream: 'account' },
  );
}

/** Emails the verification link; a failure is logged, not thrown: the account exists and the link can be re-sent. */
async function sendVerificationEmail(user: UserRecord, displayName: string): Promise<void> {
  if (user.email === undefined) return;
  try {
    await mailVerificationLink(user.email, displayName, user.uid);
  } catch (error) {
    logger.error('sign-up: the verification email was not sent', { uid: user.uid, error });
  }
}

/**
 * Creates a member: the Auth user, then the profile with its starting values and
 * unique page slug, then the verification email. When the profile cannot be
 * written the Auth user is deleted again, so no half account is left behind.
 */
export async function createAccount(request: SignupRequest): Promise<SignUpResult> {
  const auth = adminAuth();
  let user: UserRecord;
  try {
    user = await auth.createUser({
      email: request.email,
      password: request.password,
      displayName: request.display_name,
    });
  } catch (error) {
    throw createUserError(error);
  }
  let pageSlug: string;
  try {
    pageSlug = await createProfile(db(), user.uid, request);
  } catch (error) {
    logger.error('sign-up: creating the profile failed; removing the Auth user', { uid: user.uid, error });
    await auth.deleteUser(user.uid).catch((cleanupError: unknown) => {
      logger.error('sign-up: the Auth user without profile could not be deleted', {
        uid: user.uid,
        error: cleanupError,
      });
    });
    throw new HttpsError('internal', SIGNUP_FAILED_MESSAGE);
  }
  await sendVerificationEmail(user, request.display_name);
  logger.info('sign-up: account created', { uid: user.uid, page_slug: pageSlug });
  return { uid: user.uid, page_slug: pageSlug };
}

/**
 * Counts a sign-up attempt against the address and the caller's IP, so the
 * function cannot be used to create accounts or send verification mail in a
 * loop. Every valid attempt counts, refused ones (address taken) included.
 */
export async function throttleSignUp(email: string, caller: RequestAddress, now = Date.now()): Promise<void> {
  await consumeAttempt(
    db(),
    [
      { kind: 'signup-email', value: email.toLowerCase(), limits: SIGNUP_LIMITS_PER_EMAIL },
      { kind: 'signup-ip', value: clientAddress(caller), limits: SIGNUP_LIMITS_PER_IP },
    ],
    SIGNUP_THROTTLED_MESSAGE,
    now,
  );
}

/**
 * Callable sign-up, open to visitors (no sign-in needed).
 * Request data: { email, password, display_name, category } (signupRequestSchema; other keys refused).
 * Returns { uid, page_slug }. Errors: invalid-argument (the first validation
 * message), resource-exhausted (SIGNUP_THROTTLED_MESSAGE: too many attempts
 * for the address or from the IP), already-exists (EMAIL_TAKEN_MESSAGE),
 * internal (SIGNUP_FAILED_MESSAGE); with ENFORCE_APP_CHECK, unauthenticated
 * without a valid App Check token.
 * A function rather than createUserWithEmailAndPassword in the browser, so the
 * profile's starting values and the slug's uniqueness are decided on the server.
 */
export const signUp = openCall(
  'visitors create their account here',
  async (request): Promise<SignUpResult> => {
    const parsed = signupRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    await throttleSignUp(parsed.data.email, request.rawRequest);
    return createAccount(parsed.data);
  },
);
