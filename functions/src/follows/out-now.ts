/**
 * A preorder's "out now" alerts, exactly once per follower on its publication
 * date. A book first made public as a preorder (release-alerts.ts) has a release
 * marker with `out_now_due`, the day its out-now is due (YYYY-MM-DD):
 *
 * - Re-scheduling. When the book's date is edited, the books handler moves
 *   out_now_due to the new date (rescheduleOutNow); when the book is deleted, it
 *   takes out_now_due off and notes out_now_cancelled_at. Both only while the
 *   out-now has not been claimed, so an edit after the day changes nothing sent.
 * - The claim. The out-now job (releaseDueOutNow, hourly) finds the markers whose
 *   out_now_due is today or earlier, and claims each in one transaction that
 *   checks the book as it is now: deleted, it cancels; dated later than the
 *   marker says (an edit the handler has not caught up with), it moves the date
 *   and waits; hidden, it waits; otherwise it takes out_now_due off, sets
 *   out_now_at and freezes every follower of the author (instant and weekly)
 *   into out-now batches. A second run, or two runs at once, find no due marker
 *   or lose the transaction, and send nothing.
 * - The fan-out: as the release's, on the bulk-mail engine (deliverAlertBatch,
 *   round 'out_now'), each follower's delivery claimed in
 *   out_now_deliveries/{followId}. A claim whose batches were not all queued
 *   (the run died) is queued by the next run (out_now_queued false).
 */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { FOLLOWS } from '../../../src/domain/follows/follows';
import { isOutNow, outNowDue } from '../../../src/domain/books/releases';
import { todayOf } from '../../../src/domain/books/book-details';
import { freezeBatches, intoBatches } from '../mail/batches';
import {
  BOOK_ALERTS,
  BOOK_ALERT_MAIL,
  alertPlace,
  dateOf,
  markerRef,
  queueAlertBatches,
  type AlertDeps,
} from './release-alerts';

/** What a claim of one due out-now did. */
export type OutNowClaim = 'claimed' | 'done' | 'cancelled' | 'moved' | 'waiting';

/** What one run of the out-now job did, per outcome the count of books. */
export type OutNowOutcome = Record<OutNowClaim, number> & { requeued: number };

/**
 * Follows the book's publication date on its marker while the out-now is still to
 * be claimed: the new date (none: due today), or cancelled when the book is gone.
 * Nothing for a book that was not released as a preorder.
 */
export async function rescheduleOutNow(
  deps: Pick<AlertDeps, 'firestore' | 'now'>,
  bookId: string,
  book: { publication_date?: unknown } | undefined,
): Promise<'moved' | 'cancelled' | 'none'> {
  const fs = deps.firestore;
  return fs.runTransaction(async (tx) => {
    const marker = await tx.get(markerRef(fs, bookId));
    if (!marker.exists || typeof marker.get('out_now_due') !== 'string') return 'none';
    if (book === undefined) {
      tx.update(marker.ref, {
        out_now_due: FieldValue.delete(),
        out_now_cancelled_at: Timestamp.fromDate(deps.now()),
      });
      return 'cancelled';
    }
    const due = outNowDue(dateOf(book.publication_date), deps.now());
    if (due === marker.get('out_now_due')) return 'none';
    tx.update(marker.ref, { out_now_due: due });
    return 'moved';
  });
}

/** Claims the out-now of `bookId` once (see the file comment); queues its batches when this call claimed it. */
export async function claimOutNow(deps: AlertDeps, bookId: string): Promise<OutNowClaim> {
  const fs = deps.firestore;
  const first = await markerRef(fs, bookId).get();
  const authorUid = first.get('author_uid');
  if (typeof first.get('out_now_due') !== 'string' || typeof authorUid !== 'string') return 'done';
  // Every follower of the author, whatever their mode: out-now is the one alert weekly followers get at once.
  const followers = await fs.collection(FOLLOWS).where('author_uid', '==', authorUid).select().get();
  const ids = followers.docs.map((doc) => doc.id);
  const batches = intoBatches(ids);

  const claim = await fs.runTransaction(async (tx): Promise<OutNowClaim> => {
    const [marker, book] = await Promise.all([
      tx.get(markerRef(fs, bookId)),
      tx.get(fs.collection('books').doc(bookId)),
    ]);
    const due = marker.get('out_now_due');
    if (typeof due !== 'string') return 'done';
    const now = deps.now();
    if (!book.exists) {
      tx.update(marker.ref, {
        out_now_due: FieldValue.delete(),
        out_now_cancelled_at: Timestamp.fromDate(now),
      });
      return 'cancelled';
    }
    const dated = outNowDue(dateOf(book.get('publication_date')), now);
    if (!isOutNow(dated, now)) {
      if (dated === due) return 'waiting';
      tx.update(marker.ref, { out_now_due: dated });
      return 'moved';
    }
    if (book.get('is_public') !== true || book.get('user_id') !== authorUid) return 'waiting';
    const at = Timestamp.fromDate(now);
    tx.update(marker.ref, {
      out_now_due: FieldValue.delete(),
      out_now_at: at,
      ...freezeBatches(tx, BOOK_ALERT_MAIL, alertPlace(fs, bookId, 'out_now'), batches, ids.length, at),
      // An out-now that freezes nobody is complete at once.
      ...(batches.length === 0 ? { out_now_completed_at: at } : {}),
    });
    return 'claimed';
  });
  if (claim === 'claimed') await queueAlertBatches(deps, bookId, 'out_now');
  return claim;
}

/**
 * One run of the out-now job: queues the claims an earlier run left unqueued,
 * then claims every out-now due on or before today (UTC). Safe to run twice.
 */
export async function releaseDueOutNow(deps: AlertDeps): Promise<OutNowOutcome> {
  const fs = deps.firestore;
  const outcome: OutNowOutcome = { claimed: 0, done: 0, cancelled: 0, moved: 0, waiting: 0, requeued: 0 };
  const unqueued = await fs.collection(BOOK_ALERTS).where('out_now_queued', '==', false).select().get();
  for (const doc of unqueued.docs) {
    await queueAlertBatches(deps, doc.id, 'out_now');
    outcome.requeued += 1;
  }
  const due = await fs.collection(BOOK_ALERTS).where('out_now_due', '<=', todayOf(deps.now())).select().get();
  for (const doc of due.docs) outcome[await claimOutNow(deps, doc.id)] += 1;
  return outcome;
}
