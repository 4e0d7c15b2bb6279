// settleImportedReviews: publishes a member's waiting imported ratings and reviews
// as reviews by hand, or keeps them private.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import {
  IMPORT_PENDING_REVIEWS,
  PENDING_REVIEWS_PER_CALL,
  importPendingReviewSchema,
  settleImportedReviewsRequestSchema,
  type SettleImportedReviewsResponse,
} from '../../../src/domain/imports/reading-import';
import { BOOK_REVIEWS, REVIEW_DECISIONS, reviewId } from '../../../src/domain/reviews/review';
import { BOOK_REVIEW_ACTIVITY } from '../../../src/domain/reviews/review-burst';
import { tryParseDoc } from '../../../src/data/firestore-convert';
import { bookCacheTag, profileCacheTag } from '../../../src/data/server/shared/cache-tags';
import { requireFeature } from '../billing/early-access';
import { db, readAll, runTransactionWithRetry } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { purgeCacheTags } from '../shared/cache-purge';
import { writeReviewAsByHand } from './apply-row';
import { isReadableBook } from '../../../src/domain/accounts/visibility';

/**
 * Publishes the caller's waiting imported ratings and reviews (each as a review by
 * hand: the burst guard, a standing decision, the book public and not their own),
 * or keeps them private, PENDING_REVIEWS_PER_CALL at a time. A book no longer
 * public keeps its rating private; a review the member wrote by hand meanwhile
 * stands, and the waiting one goes. Request: settleImportedReviewsRequestSchema;
 * returns how many were settled and how many still wait. Errors: unauthenticated;
 * permission-denied (not a member in good standing; publishing with the reviews
 * feature off for them); invalid-argument.
 */
export const settleImportedReviews = guardedCall(
  'member',
  async (request, caller): Promise<SettleImportedReviewsResponse> => {
    const parsed = settleImportedReviewsRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const { action } = parsed.data;
    if (action === 'publish') await requireFeature('reviews', caller.uid);
    const fs = db();
    const waiting = fs
      .collection(IMPORT_PENDING_REVIEWS)
      .where('user_id', '==', caller.uid)
      .where('status', '==', 'waiting');
    const page = await waiting.limit(PENDING_REVIEWS_PER_CALL).get();
    let settled = 0;
    const purged = new Set<string>();
    for (const doc of page.docs) {
      const outcome = await runTransactionWithRetry(fs, async (tx) => {
        const pending = await tx.get(doc.ref);
        if (!pending.exists || pending.get('status') !== 'waiting') return 'gone';
        if (action === 'private') {
          tx.update(pending.ref, { status: 'private' });
          return 'private';
        }
        const read = tryParseDoc(importPendingReviewSchema, pending);
        if (!read) {
          tx.update(pending.ref, { status: 'private' });
          return 'private';
        }
        const id = reviewId(read.book_id, caller.uid);
        const [book, review, profile, standing, activity] = await readAll(
          tx,
          fs.collection('books').doc(read.book_id),
          fs.collection(BOOK_REVIEWS).doc(id),
          fs.collection('profiles').doc(caller.uid),
          fs.collection(REVIEW_DECISIONS).doc(id),
          fs.collection(BOOK_REVIEW_ACTIVITY).doc(read.book_id),
        );
        if (!book.exists || !isReadableBook(book.data()) || book.get('user_id') === caller.uid) {
          tx.update(pending.ref, { status: 'private' });
          return 'private';
        }
        tx.delete(pending.ref);
        if (review.exists) return 'superseded';
        return writeReviewAsByHand(tx, fs, {
          uid: caller.uid,
          profile,
          book,
          rating: read.rating,
          text: read.review,
          feel: read.feel,
          standing,
          activity,
        });
      });
      if (outcome !== 'gone') settled += 1;
      if (outcome === 'published') purged.add(String(doc.get('book_id')));
    }
    if (purged.size > 0)
      await purgeCacheTags([...[...purged].map(bookCacheTag), profileCacheTag(caller.uid)]);
    const remaining = (await waiting.count().get()).data().count;
    logger.info('settleImportedReviews', { by: caller.uid, action, settled, remaining });
    return { settled, remaining };
  },
  { signIn: 'Please sign in to publish your imported ratings.' },
);
