/**
 * Account self-service for islands: the forgotten-password request, the reset
 * code, password and email changes, signing out everywhere and the data
 * download. Firebase errors come back as messages a person can read.
 */
import {
  EmailAuthProvider,
  reauthenticateWithCredential,
  signInWithEmailAndPassword,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { FirebaseError } from 'firebase/app';
import {
  resetLinkProblem,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  EMAIL_LINK_INVALID_MESSAGE,
} from '../../../domain/accounts/account.ts';
import { SESSION_ENDED_MESSAGE } from '../../../domain/shared/caller-standing.ts';
import type {
  AccountOverview,
  MailDeliveryStatus,
  MailReconfirmResult,
  PasswordResetResult,
} from '../../../domain/callables.ts';
import type { MemberExport } from '../../../domain/accounts/member-export.ts';
import { authInstance } from '../shared/auth.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { leaveSession } from '../shared/session-guard.ts';

export type { AccountOverview } from '../../../domain/callables.ts';

/** A step that worked, or the message saying why not. */
export type StepResult =
  { ok: true } | { ok: false; message: string; field?: 'currentPassword' | 'password' | 'newEmail' };

const codeOf = (error: unknown) => (error instanceof FirebaseError ? error.code : undefined);

/** Asks for a reset mail; the answer is the same whether the address has an account. */
export async function requestPasswordReset(
  email: string,
  continueUrl?: string,
): Promise<CallOutcome<PasswordResetResult>> {
  return callFunction('requestPasswordReset', continueUrl ? { email, continueUrl } : { email });
}

/** The address a reset code belongs to, or the message saying why the link cannot be used. */
export async function checkResetCode(
  code: string,
): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  try {
    return { ok: true, email: await verifyPasswordResetCode(authInstance(), code) };
  } catch (error) {
    return { ok: false, message: resetLinkProblem(codeOf(error)) };
  }
}

/**
 * Sets the new password with a reset code. The server applies the code and
 * ends every session of the account before it answers (completePasswordReset).
 */
export async function resetPassword(code: string, password: string): Promise<StepResult> {
  const outcome = await callFunction('completePasswordReset', { oobCode: code, newPassword: password });
  if (outcome.ok) return { ok: true };
  if (outcome.code === 'invalid-argument') return { ok: false, message: outcome.message, field: 'password' };
  if (outcome.code === 'failed-precondition' || outcome.code === 'resource-exhausted')
    return { ok: false, message: outcome.message };
  return { ok: false, message: 'Something went wrong. Please try again.' };
}

/** What an applied email code did: confirmed the account's address, or moved the account to a new one. */
export type EmailCodeResult = { ok: true; changed: boolean } | { ok: false; message: string };

/**
 * Applies an email code (a first verification or a change of address). The
 * server checks and applies the code itself, records the date and, for a
 * change, ends every session and tells the old address (confirmEmailCode).
 */
export async function applyEmailCode(code: string): Promise<EmailCodeResult> {
  const outcome = await callFunction('confirmEmailCode', {
    oobCode: code,
  });
  if (outcome.ok) return { ok: true, changed: outcome.data.changed === true };
  return {
    ok: false,
    message: outcome.code === 'resource-exhausted' ? outcome.message : EMAIL_LINK_INVALID_MESSAGE,
  };
}

function reauthProblem(error: unknown): StepResult {
  const code = codeOf(error);
  if (
    code === 'auth/wrong-password' ||
    code === 'auth/invalid-credential' ||
    code === 'auth/invalid-login-credentials'
  ) {
    return { ok: false, message: WRONG_CURRENT_PASSWORD_MESSAGE, field: 'currentPassword' };
  }
  if (code === 'auth/user-token-expired' || code === 'auth/user-disabled' || code === 'auth/user-mismatch')
    return { ok: false, message: SESSION_ENDED_MESSAGE };
  if (code === 'auth/too-many-requests')
    return { ok: false, message: 'Too many attempts. Please wait a moment and try again.' };
  if (code === 'auth/network-request-failed')
    return { ok: false, message: 'Could not reach the server. Check your connection and try again.' };
  return { ok: false, message: 'Something went wrong. Please try again.' };
}

/** Proves the signed-in member knows the current password (a fresh sign-in for sensitive changes). */
async function reauthenticate(currentPassword: string): Promise<StepResult> {
  const auth = authInstance();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user?.email) return { ok: false, message: SESSION_ENDED_MESSAGE };
  try {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
    return { ok: true };
  } catch (error) {
    return reauthProblem(error);
  }
}

/**
 * Changes the password after checking the current one. The server sets it and
 * ends every session of the account (changePassword); this browser then signs
 * in again with the new password, so only the other browsers are signed out.
 */
export async function changePassword(currentPassword: string, password: string): Promise<StepResult> {
  const checked = await reauthenticate(currentPassword);
  if (!checked.ok) return checked;
  const email = authInstance().currentUser?.email;
  const outcome = await callFunction('changePassword', {
    newPassword: password,
  });
  if (!outcome.ok)
    return {
      ok: false,
      message: outcome.message,
      field: outcome.code === 'invalid-argument' ? 'password' : undefined,
    };
  try {
    await signInWithEmailAndPassword(authInstance(), email ?? '', password);
  } catch {
    // The password is changed but this browser could not sign in again: the sign-in screen says so.
    leaveSession();
  }
  return { ok: true };
}

/**
 * Checks the current password, then asks the server to mail a confirmation to
 * the new address. The server answers the same whether or not another account
 * holds that address (it tells that account's owner instead), so a taken address
 * looks like any other here.
 */
export async function requestEmailChange(currentPassword: string, newEmail: string): Promise<StepResult> {
  const checked = await reauthenticate(currentPassword);
  if (!checked.ok) return checked;
  const outcome = await callFunction('requestEmailChange', {
    newEmail,
  });
  if (outcome.ok) return { ok: true };
  return {
    ok: false,
    message: outcome.message,
    field: outcome.code === 'invalid-argument' ? 'newEmail' : undefined,
  };
}

/** The sign-in details of the caller, or (admins) of `userId`. */
export function accountOverview(userId?: string): Promise<CallOutcome<AccountOverview>> {
  return callFunction('accountOverview', userId ? { userId } : {});
}

/** Ends every session of the account, then this browser's. */
export async function signOutEverywhere(): Promise<CallOutcome<{ status: 'done' }>> {
  const outcome = await callFunction('signOutEverywhere', null);
  if (outcome.ok) await authInstance().signOut();
  return outcome;
}

/** Everything the site holds about the caller, or (admins) about `userId`. */
export function exportMemberData(userId?: string): Promise<CallOutcome<MemberExport>> {
  return callFunction('exportMemberData', userId ? { userId } : {});
}

/** Whether mail to the signed-in member's address is stopped, why and since when. */
export function mailDeliveryStatus(): Promise<CallOutcome<MailDeliveryStatus>> {
  return callFunction('mailDeliveryStatus', null);
}

/** Asks for the one email that proves a stopped address again; its link starts mail again. */
export function requestMailReconfirm(): Promise<CallOutcome<MailReconfirmResult>> {
  return callFunction('requestMailReconfirm', null);
}
