import type { SubscriptionStatus } from '../accounts/profile.ts';

/** What the plan limits count. */
export type LimitedKind = 'books' | 'products_services';

/**
 * How many items of each kind a plan allows. Infinity means unlimited.
 * The same numbers are enforced again by firestore.rules; the client checks
 * only give earlier, friendlier feedback.
 */
export const PLAN_LIMITS: Record<SubscriptionStatus, Record<LimitedKind, number>> = {
  free: { books: 3, products_services: 3 },
  premium: { books: Number.POSITIVE_INFINITY, products_services: Number.POSITIVE_INFINITY },
};

/** The messages shown when a free member hits a limit (shown verbatim: the wording is fixed). */
export const LIMIT_MESSAGES: Record<LimitedKind, string> = {
  books: 'Free users can only add up to 3 books. Upgrade to Premium for unlimited books!',
  products_services:
    'Free users can only add up to 3 products/services. Upgrade to Premium for unlimited products/services!',
};

/** True when a member on `subscription` who already has `currentCount` items may add one more. */
export function canAdd(kind: LimitedKind, subscription: SubscriptionStatus, currentCount: number): boolean {
  return currentCount < PLAN_LIMITS[subscription][kind];
}

/** Colour level of the item counter: 'warning' (orange) at 2, 'limit' (red, Add disabled) at 3 or more. */
export type LimitLevel = 'normal' | 'warning' | 'limit';

/** The counter level for a count; premium members are never limited. */
export function limitLevel(count: number, subscription: SubscriptionStatus = 'free'): LimitLevel {
  if (subscription === 'premium') return 'normal';
  if (count >= PLAN_LIMITS.free.products_services) return 'limit';
  if (count === PLAN_LIMITS.free.products_services - 1) return 'warning';
  return 'normal';
}

/**
 * True when a member on `subscription` holding `currentCount` items may remove
 * `removing` of them and add `adding` in one go. Only additions are limited: a
 * member over the limit (an old free account) may still edit and remove.
 */
export function fitsPlanLimit(
  kind: LimitedKind,
  subscription: SubscriptionStatus,
  currentCount: number,
  removing: number,
  adding: number,
): boolean {
  if (adding === 0) return true;
  return currentCount - removing + adding <= PLAN_LIMITS[subscription][kind];
}
