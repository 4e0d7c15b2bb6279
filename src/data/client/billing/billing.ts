/**
 * Premium for islands: opening Stripe Checkout (with the free trial or not) and
 * the customer portal. Both answer the Stripe page to send the member to; the
 * price and the member are the server's, never the browser's.
 */
import type { BillingSession } from '../../../domain/callables.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** Opens a Checkout session for the signed-in member: Premium, with the 14-day trial when `trial`. */
export function startCheckout(trial: boolean): Promise<CallOutcome<BillingSession>> {
  return callFunction('startCheckout', trial ? { trial: true } : {});
}

/** Opens the customer portal of the signed-in member (cancel, payment details, invoices). */
export function openBillingPortal(): Promise<CallOutcome<BillingSession>> {
  return callFunction('openBillingPortal', null);
}
