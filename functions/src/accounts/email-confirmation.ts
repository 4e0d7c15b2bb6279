import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import {
  EMAIL_LINK_INVALID_MESSAGE,
  emailConfirmationRequestSchema,
} from '../../../src/domain/accounts/account';
import { db } from '../shared/firestore';
import { endSessions, openCall } from '../shared/guard';
import { adminAuth, authErrorCode } from '../shared/admin-auth';
import { callAuthRest } from './auth-rest';
import { settleEmailConfirmation } from './email-change';
import { throttleActionCode } from './password-reset-completion';
import type { EmailConfirmationResult } from '../../../src/domain/callables';

/** The kinds of mailed code this callable applies: a first verification and a change of address (never an undo or a reset). */
const EMAIL_CODE_KINDS = new Set(['VERIFY_EMAIL', 'VERIFY_AND_CHANGE_EMAIL']);

const invalidLink = () => new HttpsError('failed-precondition', EMAIL_LINK_INVALID_MESSAGE);

/** The uid of the account an applied code changed: the answer's localId, else the account that now has its address. */
async function uidOf(applied: Record<string, unknown>): Promise<string | null> {
  if (typeof applied.localId === 'string' && applied.localId !== '') return applied.localId;
  if (typeof applied.email !== 'string') return null;
  try {
    return (await adminAuth().getUserByEmail(applied.email)).uid;
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * Callable, open (the browser that opens the mail may be signed out): applies
 * the one-time code of a verification or email-change link. It acts only on
 * that proof: Firebase checks the code, uses it up and names the account (the
 * Auth REST API's accounts:update), so a caller without the mailed code can
 * make it write nothing, whatever else they send. A change of address ends
 * every session of the account before the answer, records the verified
 * address with its date and tells the old address once; a first verification
 * records the date. Request data: { oobCode }. Returns { changed }. Errors:
 * failed-precondition (EMAIL_LINK_INVALID_MESSAGE: a made-up, used, expired or
 * other kind of code), resource-exhausted (too many attempts from one client).
 */
export const confirmEmailCode = openCall(
  'the browser that confirms an address may be signed out',
  async (request): Promise<EmailConfirmationResult> => {
    const parsed = emailConfirmationRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', EMAIL_LINK_INVALID_MESSAGE);
    await throttleActionCode(request.rawRequest);
    const { oobCode } = parsed.data;
    // Checking first (this does not use the code up) keeps a reset or undo code out: only email codes are applied here.
    const checked = await callAuthRest('resetPassword', { oobCode });
    if (!checked.ok || !EMAIL_CODE_KINDS.has(String(checked.body.requestType))) throw invalidLink();
    const applied = await callAuthRest('update', { oobCode });
    if (!applied.ok) throw invalidLink();
    const changed = checked.body.requestType === 'VERIFY_AND_CHANGE_EMAIL';
    const uid = await uidOf(applied.body);
    if (!uid) throw invalidLink();
    if (changed) await endSessions(uid, 'email change confirmed');
    await settleEmailConfirmation(db(), uid, { justConfirmed: true });
    logger.info('email confirmed', { uid, changed });
    return { changed };
  },
);
