/**
 * The toast an island shows when a save or delete fails (owned items, shelves, reviews). Every error
 * toast is titled 'Error' with the failure text as its description; when the
 * server refused for a reason the member can act on, its message follows.
 */
import { LIMIT_MESSAGES, type LimitedKind } from '../../domain/items/plan-limits.ts';

/** Refusal codes whose server message tells the member what to fix (bad field, no right, gone, conflict). */
const TELLING_CODES = new Set(['invalid-argument', 'permission-denied', 'not-found', 'failed-precondition']);

/** A refused call as the data layer reports it. */
interface Refusal {
  code: string;
  message: string;
}

/** The error toast for `failure` ('Failed to save book.'), given the server's refusal if there was one. */
export function failureToast(failure: string, refusal?: Refusal) {
  const reason = refusal && TELLING_CODES.has(refusal.code) && refusal.message ? ` ${refusal.message}` : '';
  return { title: 'Error', description: `${failure}${reason}`, variant: 'destructive' as const };
}

/** The upgrade a plan-limit message offers. */
export const UPGRADE_LINK = { label: 'Upgrade to Premium', href: '/billing/upgrade' } as const;

/**
 * The toast for a refused save: the plan's message with the upgrade when the
 * limit is reached, else `failureToast`.
 */
export function saveFailureToast(failure: string, limit: LimitedKind, refusal: Refusal) {
  if (refusal.code === 'resource-exhausted')
    return {
      title: 'Error',
      description: LIMIT_MESSAGES[limit],
      variant: 'destructive' as const,
      link: UPGRADE_LINK,
    };
  return failureToast(failure, refusal);
}
