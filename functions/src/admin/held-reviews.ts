// The held reviews' callable (src/domain/admin/admin-held-reviews.ts): the reviews the
// burst guard holds, oldest first, a page at a time with how many wait, and the
// admin's release or reject of one. Admins only (guardedCall). Each decision
// writes its audit entry (the admin, the review, the reason) in the transaction
// that decides (functions/src/reviews/held-reviews.ts); a review no longer held
// is answered `decided: false` and logs nothing. Not behind the 'reviews'
// switch: reviews already held are decided whatever the switch says.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import {
  adminHeldReviewsRequestSchema,
  heldReviewEntryOf,
  heldReviewTitle,
  HELD_REVIEWS_LIST_PAGE,
  type AdminHeldReviewsResponse,
  type HeldReviewDecision,
} from '../../../src/domain/admin/admin-held-reviews';
import { BOOK_REVIEWS, reviewId } from '../../../src/domain/reviews/review';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import {
  listHeldReviews,
  rejectHeldReview,
  releaseHeldReview,
  type OnDecided,
} from '../reviews/held-reviews';
import { auditInTransaction } from '../shared/audit';

/** One page of the held reviews after the review `after`, with the next page's cursor and the count held now. */
export async function heldReviewsPage(
  firestore: Firestore,
  after?: string,
): Promise<Extract<AdminHeldReviewsResponse, { reviews: unknown }>> {
  // One more than the page tells whether a next page exists.
  const [reviews, waiting] = await Promise.all([
    listHeldReviews(firestore, HELD_REVIEWS_LIST_PAGE + 1, after),
    firestore.collection(BOOK_REVIEWS).where('moderation', '==', 'held').count().get(),
  ]);
  const page = reviews.slice(0, HELD_REVIEWS_LIST_PAGE);
  return {
    reviews: page.map(heldReviewEntryOf),
    next: reviews.length > HELD_REVIEWS_LIST_PAGE ? (page.at(-1)?.id ?? null) : null,
    waiting: waiting.data().count,
  };
}

/** The audit entry of `actorUid`'s decision on a held review, written in the deciding transaction. */
function auditDecision(
  firestore: Firestore,
  actorUid: string,
  action: HeldReviewDecision,
  reason: string,
): OnDecided {
  return (tx, review: DocumentSnapshot) => {
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const reviewer = text(review.get('reviewer.display_name'));
    auditInTransaction(tx, firestore, {
      actorUid,
      action: `held-review-${action}`,
      targetUid: text(review.get('user_id')) || null,
      before: { moderation: 'held' },
      after: {
        item_kind: 'review',
        item_id: review.id,
        item_title: heldReviewTitle({
          book_title: text(review.get('book_title')),
          reviewer: { display_name: reviewer },
          rating: Number(review.get('rating')),
        }),
        reason,
        moderation: action === 'release' ? 'published' : 'deleted',
      },
    });
  };
}

/** Releases or rejects the held review of `bookId` by `uid` for the admin `actorUid`; false when it is no longer held. */
export async function decideHeldReview(
  firestore: Firestore,
  actorUid: string,
  request: { action: HeldReviewDecision; bookId: string; uid: string; reason: string },
): Promise<boolean> {
  const { action, bookId, uid, reason } = request;
  const onDecided = auditDecision(firestore, actorUid, action, reason);
  return action === 'release'
    ? releaseHeldReview(firestore, bookId, uid, onDecided)
    : rejectHeldReview(firestore, bookId, uid, onDecided);
}

/**
 * The admin dashboard's held reviews, for admins only. Request:
 * adminHeldReviewsRequestSchema ({ action: 'list', after? }, or 'release' /
 * 'reject' of one review with the admin's reason, required to reject). Errors:
 * unauthenticated / permission-denied, invalid-argument.
 */
export const adminHeldReviews = guardedCall(
  'admin',
  async (request, caller): Promise<AdminHeldReviewsResponse> => {
    const parsed = adminHeldReviewsRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    const data = parsed.data;
    try {
      if (data.action === 'list') return await heldReviewsPage(db(), data.after);
      const decided = await decideHeldReview(db(), caller.uid, data);
      if (!decided)
        logger.info('adminHeldReviews: the review was no longer held', {
          action: data.action,
          review: reviewId(data.bookId, data.uid),
        });
      return { action: data.action, decided };
    } catch (error) {
      logger.error('adminHeldReviews failed', { action: data.action, error });
      throw new HttpsError('internal', 'The action failed. Please try again.');
    }
  },
);
