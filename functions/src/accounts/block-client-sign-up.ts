import { beforeUserCreated, HttpsError } from 'firebase-functions/v2/identity';
import * as logger from 'firebase-functions/logger';

/** What a refused direct sign-up answers. */
export const CLIENT_SIGNUP_REFUSED_MESSAGE =
  'Accounts can only be created through the Shelfmark sign-up form.';

/**
 * Accounts come into being only through the signUp callable (or an
 * administrator), both of which create the Auth user with the Admin SDK
 * together with its profile. The Auth REST API would otherwise let anyone with
 * the public API key create a bare user (accounts:signUp), which then blocks the
 * real owner of that address ('Account Already Exists').
 *
 * Blocking functions run only for requests made with the public API key: users
 * created with the Admin SDK (service-account credentials) never reach this
 * function. The Auth emulator behaves the same way (it skips blocking functions
 * for requests authorised as the project owner, which is how the Admin SDK talks
 * to it). So every user that does reach it was created from a browser or script,
 * and is refused.
 *
 * In production the function must be registered with Authentication, which
 * needs Firebase Authentication with Identity Platform (see README, Deploying).
 */
export const blockClientSignUp = beforeUserCreated((event) => {
  logger.warn('refused a sign-up that bypassed the signUp function', {
    uid: event.data?.uid,
    ip: event.ipAddress,
  });
  throw new HttpsError('permission-denied', CLIENT_SIGNUP_REFUSED_MESSAGE);
});
