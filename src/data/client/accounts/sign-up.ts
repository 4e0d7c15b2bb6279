/** Account creation through the `signUp` Cloud Function, the only writer of new profiles. */
import type { SignUpResult } from '../../../domain/callables.ts';
import type { SignupRequest } from '../../../domain/accounts/signup.ts';
import { callFunction } from '../shared/callable.ts';

/** How a sign-up ended: created, or refused with the server's code and message. */
export type SignupOutcome =
  { ok: true; account: SignUpResult } | { ok: false; code: string; message: string };

/**
 * Asks the server to create the account and its profile. The function sets
 * every starting value (role User, pending, free, the slug); the browser only
 * sends what the person typed.
 */
export async function signUp(request: SignupRequest): Promise<SignupOutcome> {
  const outcome = await callFunction('signUp', request);
  return outcome.ok ? { ok: true, account: outcome.data } : outcome;
}
