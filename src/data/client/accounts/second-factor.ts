/**
 * The admin second factor for islands: one door to the `secondFactor`
 * callable (functions/src/accounts/second-factor.ts). The second-factor
 * session lives on the server, bound to this sign-in, so nothing is refreshed here.
 */
import type { SecondFactorRequest, SecondFactorResponse } from '../../../domain/accounts/second-factor.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** Asks the secondFactor callable to do `request`. */
export function secondFactorCall(request: SecondFactorRequest): Promise<CallOutcome<SecondFactorResponse>> {
  return callFunction('secondFactor', request);
}
