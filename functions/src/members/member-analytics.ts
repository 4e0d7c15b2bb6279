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
import { targetOf } from '../accounts/account-settings';
import { billingOf, billingRef } from '../billing/record';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';

/**
 * Callable, signed-in: the analytics of the caller (or, for an admin, of
 * `userId`, as /account?userId= shows): visits to the member's profile, books,
 * products and ads and clicks on their purchase links. A free member gets the
 * last 7 days in totals; Premium the last 90 days per day. Request data:
 * { userId? }. One read of the billing record and one query on the member's own
 * day documents by id range (at most 90 reads): no other member's figures can be
 * named, let alone read.
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
  return summarize(plan, window, days);
});
