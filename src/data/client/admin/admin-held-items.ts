/**
 * The held updates and ads for the admin dashboard's Reports section, through the
 * adminHeldItems callable (the function reads them and writes each decision's
 * audit entry). Loaded lazily.
 */
import type { HeldItemDecision, HeldItemEntry } from '../../../domain/admin/admin-held-items.ts';
import type { StandingKind } from '../../../domain/shared/moderation-standing.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** One page of held items of one kind, with how many wait in all. */
export interface HeldItemsPage {
  items: HeldItemEntry[];
  /** The next page's cursor, null after the last page. */
  next: string | null;
  waiting: number;
}

/** The page of `kind` after the item `after` (the first page without it); throws when the call fails. */
export async function loadHeldItems(kind: StandingKind, after: string | null): Promise<HeldItemsPage> {
  const outcome = await callFunction('adminHeldItems', { action: 'list', kind, ...(after ? { after } : {}) });
  if (!outcome.ok) throw new Error(outcome.message);
  if (!('items' in outcome.data)) throw new Error('The held items did not come back.');
  return { items: outcome.data.items, next: outcome.data.next, waiting: outcome.data.waiting };
}

/** Releases or rejects one held item; `decided` is false when it was no longer held. */
export async function decideHeldItem(request: {
  action: HeldItemDecision;
  kind: StandingKind;
  id: string;
  reason: string;
}): Promise<CallOutcome<{ decided: boolean }>> {
  const outcome = await callFunction('adminHeldItems', request);
  if (!outcome.ok) return outcome;
  return { ok: true, data: { decided: 'decided' in outcome.data && outcome.data.decided } };
}
