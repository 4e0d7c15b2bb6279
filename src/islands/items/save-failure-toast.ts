/**
 * The toast an owned item's editor shows when a save is refused: the plan's
 * message with the upgrade when the member reached their plan's limit, else the
 * failure toast every island shows.
 */
import { LIMIT_MESSAGES, type LimitedKind } from '../../domain/items/plan-limits.ts';
import { failureToast, type Refusal } from '../ui/failure-toast.ts';

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
