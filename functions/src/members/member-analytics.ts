import { FieldPath } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { accountPlanOf } from '../../../src/domain/billing/billing';
import {
  ANALYTICS_DAYS,
  MEMBER_STATS,
  MEMBER_STATS_DAYS,
  memberStatsDaySchema,
  summarize,
  windowDays,
  type MemberAnalytics,
  type MemberStatsDay,
} from '../../../src/domain/members/member-stats';
import {
  AUTHOR_UPDATES,
  UPDATE_MAIL,
  UPDATE_REACH_SHOWN,
  updateReach,
  type UpdateReach,
} from '../../../src/domain/updates/author-update';
import { alertDelayFrom } from '../../../src/domain/follows/follows';
import { targetOf } from './account-settings';
import { billingOf, billingRef } from '../billing/record';
import { db } from '../shared/firestore';
import type { Firestore, Query, Timestamp } from 'firebase-admin/firestore';
import { guardedCall } from '../shared/guard';

/**
 * Callable, signed-in: the analytics of the caller (or, for an admin, of
 * `userId`, as /account?userId= shows): visits to the member's profile, books,
 * products and ads, clicks on their purchase links, followers gained and lost,
 * and how many followers each of their newest updates was emailed to. A free
 * member gets the last 7 days in totals; Premium the last 90 days per day.
 * Request data: { userId? }. One read of the billing record, one query on the
 * member's own day documents by id range (at most 90 reads), and for the updates
 * one query of their newest, their mail markers and one count per marker: no
 * other member's figures can be named, let alone read, and no follower is named.
 */
export const memberAnalytics = guardedCall('session', async (request, caller): Promise<MemberAnalytics> => {
  const uid = targetOf(caller, request.data);
  const firestore = db();
  const billing = await billingRef(firestore, uid).get();
  const plan = accountPlanOf(billingOf(uid, billing.data())).status === 'premium' ? 'premium' : 'free';
  const window = windowDays(Date.now(), ANALYTICS_DAYS[plan]);
  const snapshot = await firestore
    .collection(`${MEMBER_STATS}/${uid}/${MEMBER_STATS_DAYS}`)
    .where(FieldPath.documentId(), '>=', window[0]!)
    .where(FieldPath.documentId(), '<=', window[window.length - 1]!)
    .get();
  const days: MemberStatsDay[] = [];
  for (const doc of snapshot.docs) {
    const parsed = memberStatsDaySchema.safeParse(doc.data());
    if (parsed.success) days.push(parsed.data);
    else logger.error('member analytics: a malformed day was left out', { uid, day: doc.id });
  }
  return summarize(plan, window, days, await updatesReach(firestore, uid));
});

/** The reach of the member's newest updates (updateReach): their mail markers and mailed deliveries, counted. */
async function updatesReach(firestore: Firestore, uid: string): Promise<UpdateReach[]> {
  const updates = await firestore
    .collection(AUTHOR_UPDATES)
    .where('user_id', '==', uid)
    .orderBy('created_at', 'desc')
    .limit(UPDATE_REACH_SHOWN)
    .select('title', 'created_at', 'moderation_held')
    .get();
  if (updates.empty) return [];
  const markers = await firestore.getAll(
    ...updates.docs.map((doc) => firestore.collection(UPDATE_MAIL).doc(doc.id)),
  );
  const now = new Date();
  const delayMs = alertDelayFrom(process.env);
  return Promise.all(
    updates.docs.map(async (doc, i) => {
      const marker = markers[i];
      // Deliveries done, less those the daily cap deferred to the digest (done without a mail).
      const deliveries = firestore.collection(`${UPDATE_MAIL}/${doc.id}/deliveries`);
      const count = async (query: Query) => (await query.count().get()).data().count;
      const sent = marker?.exists
        ? (await count(deliveries.where('status', '==', 'sent'))) -
          (await count(deliveries.where('deferred', '==', true)))
        : 0;
      const time = (value: unknown) => (value as Timestamp | undefined)?.toDate?.() ?? null;
      return updateReach({
        id: doc.id,
        title: String(doc.get('title') ?? ''),
        postedAt: time(doc.get('created_at')) ?? now,
        marker: marker?.exists
          ? { releasedAt: time(marker.get('released_at')), completed: Boolean(marker.get('completed_at')) }
          : null,
        sent,
        delayMs,
        now,
        held: doc.get('moderation_held') === true,
      });
    }),
  );
}
