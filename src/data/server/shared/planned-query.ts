// The Firestore query of a plan the domain makes for a listing (the book listings'
// planListing, the market's planMarket): its equalities, at most one
// array-contains (Firestore allows one per query) and its orderings, in that order.
import type { OrderByDirection, Query } from 'firebase-admin/firestore';

/** What a listing plan says about its query; the in-memory rest of a plan is the caller's. */
export interface QueryPlan {
  equals: readonly (readonly [field: string, value: unknown])[];
  arrayContains?: { field: string; value: unknown } | undefined;
  orderBy: readonly (readonly [field: string, direction: OrderByDirection])[];
}

/** `base` (a collection) narrowed and ordered as `plan` says. */
export function plannedQuery(base: Query, plan: QueryPlan): Query {
  let query = base;
  for (const [field, value] of plan.equals) query = query.where(field, '==', value);
  if (plan.arrayContains)
    query = query.where(plan.arrayContains.field, 'array-contains', plan.arrayContains.value);
  for (const [field, direction] of plan.orderBy) query = query.orderBy(field, direction);
  return query;
}
