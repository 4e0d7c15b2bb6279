import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { memberTargetSchema } from '../../../src/domain/accounts/account';
import { accountPlanOf, planOf } from '../../../src/domain/billing/billing';
import { canUseFeature } from '../../../src/domain/billing/early-access';
import { readEarlyAccess } from '../billing/early-access';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { billingOf, billingRef } from '../billing/record';
import { db } from '../shared/firestore';
import { adminAuth, authErrorCode } from '../shared/admin-auth';
import { accountRecordDoc, emailChangeDoc, settleEmailConfirmation } from '../accounts/email-change';
import { endSessions, guardedCall, type Caller } from '../shared/guard';
import type { AccountOverview } from '../../../src/domain/callables';

/** The member a request is about: the caller, or (admins only) `userId`. Throws permission-denied otherwise. */
export function targetOf(caller: Caller, data: unknown): string {
  const parsed = memberTargetSchema.safeParse(data);
  if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
  const userId = parsed.data?.userId;
  if (userId === undefined || userId === caller.uid) return caller.uid;
  if (!caller.admin)
    throw new HttpsError('permission-denied', 'Only administrators can see another member’s account.');
  return userId;
}

/**
 * Callable, signed-in: the sign-in details and the plan /account shows. Request data:
 * { userId? } (another member: admins only). Settles a confirmed email change
 * first, so the old address is told even when the confirming page could not.
 */
export const accountOverview = guardedCall('session', async (request, caller): Promise<AccountOverview> => {
  const uid = targetOf(caller, request.data);
  const firestore = db();
  await settleEmailConfirmation(firestore, uid, { justConfirmed: false }).catch((error: unknown) =>
    logger.error('account overview: settling failed', { uid, error }),
  );
  let user;
  try {
    user = await adminAuth().getUser(uid);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') throw new HttpsError('not-found', 'No such member.');
    throw error;
  }
  const [[record, change, billing], switches] = await Promise.all([
    firestore.getAll(
      accountRecordDoc(firestore, uid),
      emailChangeDoc(firestore, uid),
      billingRef(firestore, uid),
    ),
    readEarlyAccess(firestore),
  ]);
  const viewer = { plan: planOf(billingOf(uid, billing?.data())).status };
  const email = user.email ?? '';
  const verifiedAt =
    record?.get('email') === email.toLowerCase() ? record.get('email_verified_at') : undefined;
  const pending =
    change?.exists && change.get('notified_at') == null && change.get('new_email') !== email.toLowerCase()
      ? change.get('new_email')
      : null;
  return {
    uid,
    displayName: user.displayName ?? '',
    email,
    emailVerified: user.emailVerified,
    emailVerifiedAt:
      user.emailVerified && verifiedAt && typeof verifiedAt.toDate === 'function'
        ? verifiedAt.toDate().toISOString()
        : null,
    pendingEmail: typeof pending === 'string' ? pending : null,
    plan: accountPlanOf(billingOf(uid, billing?.data())),
    // The import and export tools show only to a member who may use them (their callables decide again).
    features: {
      reading_import: canUseFeature(switches, 'reading_import', viewer),
      reading_export: canUseFeature(switches, 'reading_export', viewer),
      // Imported ratings waiting for the member are published as reviews: the reviews switch decides.
      reviews: canUseFeature(switches, 'reviews', viewer),
    },
  };
});

/**
 * Callable, signed-in: ends every session of the caller's account (the session
 * stamp, then the refresh tokens). From the answer on, no token issued before it
 * is accepted by a callable or by the Firestore rules, and no browser can get a
 * new one. Request data: none. Returns { status: 'done' }.
 */
export const signOutEverywhere = guardedCall(
  'session',
  async (_request, caller): Promise<{ status: 'done' }> => {
    await endSessions(caller.uid, 'sign out everywhere');
    return { status: 'done' };
  },
);
