/**
 * The held reviews for the admin dashboard's Reports section, through the
 * adminHeldReviews callable (the function reads them and writes each decision's
 * audit entry). Loaded lazily.
 */
import type { HeldReviewDecision, HeldReviewEntry } from '../../../domain/admin/admin-held-reviews.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** One page of held reviews, oldest first, with how many wait in all. */
export interface HeldReviewsPage {
  items: HeldReviewEntry[];
  /** The next page's cursor, null after the last page. */
  next: string | null;
  waiting: number;
}

/** The page after the review `after` (the first page without it); throws when the call fails. */
export async function loadHeldReviews(after: string | null): Promise<HeldReviewsPage> {
  const outcome = await callFunction('adminHeldReviews', { action: 'list', ...(after ? { after } : {}) });
  if (!outcome.ok) throw new Error(outcome.message);
  if (!('reviews' in outcome.data)) throw new Error('The held reviews did not come back.');
  return { items: outcome.data.reviews, next: outcome.data.next, waiting: outcome.data.waiting };
}

/** Releases or rejects one held review; `decided` is false when it was no longer held. */
export async function decideHeldReview(request: {
  action: HeldReviewDecision;
  bookId: string;
  uid: string;
  reason: string;
}): Promise<CallOutcome<{ decided: boolean }>> {
  const outcome = await callFunction('adminHeldReviews', request);
  if (!outcome.ok) return outcome;
  return { ok: true, data: { decided: 'decided' in outcome.data && outcome.data.decided } };
}
