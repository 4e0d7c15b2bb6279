/** Asking the `resendVerificationEmail` Cloud Function for a fresh verification link. */
import type { ResendVerificationResult } from '../../../domain/callables.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** 'sent', or 'already-verified' when the address was verified meanwhile. */
export type ResendStatus = ResendVerificationResult['status'];

/** Emails the signed-in member a new verification link; the server throttles how often. */
export async function resendVerificationEmail(): Promise<CallOutcome<ResendStatus>> {
  const outcome = await callFunction('resendVerificationEmail', null);
  return outcome.ok ? { ok: true, data: outcome.data.status } : outcome;
}
