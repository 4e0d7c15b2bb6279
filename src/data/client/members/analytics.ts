import type { MemberAnalytics } from '../../../domain/members/member-stats.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** The analytics of the caller, or (admins) of `userId`: 7-day totals on Free, 90 days per day on Premium. */
export function memberAnalytics(userId?: string): Promise<CallOutcome<MemberAnalytics>> {
  return callFunction('memberAnalytics', userId ? { userId } : {});
}
