// The end of a past-due grace. A failed payment keeps Premium for a few days
// (PAST_DUE_GRACE_DAYS); nothing in Stripe fires when that time is up, so an
// hourly sweep rewrites the plan of every member whose grace has ended, from
// their record, and removes their grace marker.
import { onSchedule } from 'firebase-functions/v2/scheduler';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { BILLING_GRACE, graceEndOf } from '../../../src/domain/billing/billing';
import { db } from '../shared/firestore';
import { graceRef, readBilling, writeBilling } from './record';

/** How many ended graces one sweep handles; the next hour takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Rewrites the plan of members whose grace ended by `now` (a query, then one
 * transaction each: the record is read again, so a payment that went through
 * meanwhile wins) and returns their uids.
 */
export async function endLapsedGraces(firestore: Firestore, now = Date.now()): Promise<string[]> {
  const lapsed = await firestore
    .collection(BILLING_GRACE)
    .where('ends_at', '<=', Timestamp.fromMillis(now))
    .limit(SWEEP_BATCH)
    .get();
  const ended: string[] = [];
  for (const doc of lapsed.docs) {
    const uid = doc.id;
    await firestore.runTransaction(async (tx) => {
      const profile = await tx.get(firestore.collection('profiles').doc(uid));
      const record = await readBilling(tx, firestore, uid);
      const graceEnd = graceEndOf(record.subscription);
      // A grace that runs later than the marker said keeps a marker for then.
      if (graceEnd !== null && graceEnd > now) {
        tx.set(graceRef(firestore, uid), { ends_at: Timestamp.fromMillis(graceEnd) });
        return;
      }
      tx.delete(graceRef(firestore, uid));
      if (profile.exists) writeBilling(tx, firestore, uid, record, { now });
    });
    ended.push(uid);
  }
  return ended;
}

/** Every hour, ends the Premium of members whose payment failed and whose grace is over. */
export const endBillingGraces = onSchedule('every 60 minutes', async () => {
  const ended = await endLapsedGraces(db());
  if (ended.length > 0) logger.info('billing: graces ended', { uids: ended });
});
