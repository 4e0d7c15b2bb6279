/**
 * The burst guard of reviews: a sudden wave of new reviews on one book (a
 * campaign, a bot, a pile-on) is held for moderation instead of published.
 *
 * A new review on a book is held when, counting it, the book has had more than
 * max(5, 5 × its mean daily published reviews over the 30 UTC days before today)
 * new reviews within the last hour, or when its writer's account is younger than
 * 24 hours and it is at least the third review within the last hour on that book
 * by accounts younger than 24 hours. An edit that changes a published review's
 * rating counts as a new review (a wave of 5-star reviews turned 1-star at once is
 * a burst too) and is held the same way; an edit of the text alone is never held,
 * and no edit releases a held review (it stays held until a moderator decides).
 * A member whose review of a book a moderator hid or rejected (review_decisions,
 * reviewStanding) posts on that book again only into the held queue.
 *
 * The counts live in one small document per book, book_review_activity/{bookId},
 * read and written inside saveReview's transaction (no query of the reviews):
 * new reviews per minute over the last hour (all, and by young accounts: a
 * sliding hour with at most 60 entries) and published reviews per UTC day over
 * the last 30 days (releasing a held review adds it to its release day).
 */
import { z } from 'zod';
import { utcDay as dayKey } from '../items/views.ts';

/** book_review_activity/{bookId}: the burst guard's counts (server only). */
export const BOOK_REVIEW_ACTIVITY = 'book_review_activity';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The guard's figures. */
export const REVIEW_BURST = {
  /** New reviews an hour on a book that are always allowed. */
  minPerHour: 5,
  /** The hourly allowance in multiples of the book's mean daily reviews. */
  meanFactor: 5,
  /** The days (before today) the mean is taken over. */
  meanDays: 30,
  /** An account younger than this is "new". */
  youngAccountMs: DAY_MS,
  /** From this many reviews within an hour on one book by new accounts, each is held. */
  youngHeldFrom: 3,
  /** The sliding window. */
  windowMs: HOUR_MS,
} as const;

/** Whether a review is published or waits for a moderator. */
export const REVIEW_MODERATION = ['published', 'held'] as const;
/** A review's moderation status. */
export type ReviewModeration = (typeof REVIEW_MODERATION)[number];

/** New reviews in one minute: all of them and those by new accounts. */
const minuteSchema = z.object({ all: z.number().int().min(0), young: z.number().int().min(0) });

/** The stored counts; a missing or unreadable document reads as a quiet book. */
export const reviewActivitySchema = z.object({
  /** New reviews by epoch minute (String(Math.floor(ms / 60000))), the last hour only. */
  minutes: z.record(z.string(), minuteSchema).default({}),
  /** Published reviews by UTC day ('2026-11-26'), the last 30 days and today only. */
  days: z.record(z.string(), z.number().int().min(0)).default({}),
});
/** The counts of one book. */
export type ReviewActivity = z.infer<typeof reviewActivitySchema>;

/** Reads stored counts, treating anything malformed as none. */
export function readActivity(data: unknown): ReviewActivity {
  const parsed = reviewActivitySchema.safeParse(data ?? {});
  return parsed.success ? parsed.data : { minutes: {}, days: {} };
}

/** The book's mean published reviews a day over the REVIEW_BURST.meanDays UTC days before `now`'s day. */
export function meanDailyReviews(activity: ReviewActivity, now: number): number {
  let total = 0;
  for (let back = 1; back <= REVIEW_BURST.meanDays; back += 1)
    total += activity.days[dayKey(now - back * DAY_MS)] ?? 0;
  return total / REVIEW_BURST.meanDays;
}

/** How many new reviews an hour the book takes before holding them: max(5, 5 × mean daily). */
export function hourlyAllowance(meanDaily: number): number {
  return Math.max(REVIEW_BURST.minPerHour, REVIEW_BURST.meanFactor * meanDaily);
}

/** The new reviews (all, by new accounts) within the hour before `now`. */
export function lastHour(activity: ReviewActivity, now: number): { all: number; young: number } {
  const from = Math.floor((now - REVIEW_BURST.windowMs) / MINUTE_MS);
  let all = 0;
  let young = 0;
  for (const [minute, counts] of Object.entries(activity.minutes)) {
    if (Number(minute) <= from) continue;
    all += counts.all;
    young += counts.young;
  }
  return { all, young };
}

/** True when an account created at `createdAt` (null: unknown) is new at `now`; an unknown age counts as new. */
export function isYoungAccount(createdAt: Date | null, now: number): boolean {
  return createdAt === null || now - createdAt.getTime() < REVIEW_BURST.youngAccountMs;
}

/**
 * The decision for one new review on a book at `now` by an account created at
 * `accountCreatedAt`, and the book's counts to store with it.
 */
export function decideNewReview(
  activity: ReviewActivity,
  now: number,
  accountCreatedAt: Date | null,
): { moderation: ReviewModeration; activity: ReviewActivity } {
  const young = isYoungAccount(accountCreatedAt, now);
  const recent = lastHour(activity, now);
  const all = recent.all + 1;
  const byYoung = recent.young + (young ? 1 : 0);
  const held =
    all > hourlyAllowance(meanDailyReviews(activity, now)) ||
    (young && byYoung >= REVIEW_BURST.youngHeldFrom);
  const moderation: ReviewModeration = held ? 'held' : 'published';
  let next = withNewReview(activity, now, young);
  if (moderation === 'published') next = withPublished(next, now);
  return { moderation, activity: next };
}

/** What a save of a member's review was before it, as the decision needs it. */
export interface ReviewBefore {
  moderation: ReviewModeration;
  rating: number;
  /** Hidden by a moderator: off every page until restored, whatever its edits. */
  hidden: boolean;
}

/**
 * The decision for one save of a review: a new review, or an edit of `before`.
 * - an edit of a held review stays held, an edit of a hidden one keeps its status
 *   (the hide already keeps it off every page), and an edit of the text alone
 *   keeps the status; none of them moves the counts (`activity` null: nothing to write);
 * - a new review, or an edit that changes a published review's rating, is judged by
 *   decideNewReview and counted like one;
 * - a member with a standing moderation decision on this book (`decided`: a review
 *   of theirs was hidden or rejected) is held whatever the counts, and counted.
 */
export function decideReviewSave(
  before: ReviewBefore | null,
  rating: number,
  decided: boolean,
  activity: ReviewActivity,
  now: number,
  accountCreatedAt: Date | null,
): { moderation: ReviewModeration; activity: ReviewActivity | null } {
  if (before && (before.moderation === 'held' || before.hidden || before.rating === rating))
    return { moderation: before.moderation, activity: null };
  if (decided)
    return {
      moderation: 'held',
      activity: withNewReview(activity, now, isYoungAccount(accountCreatedAt, now)),
    };
  return decideNewReview(activity, now, accountCreatedAt);
}

/** The counts with one new review at `now` added to its minute, older minutes dropped. */
function withNewReview(activity: ReviewActivity, now: number, young: boolean): ReviewActivity {
  const minute = Math.floor(now / MINUTE_MS);
  const from = Math.floor((now - REVIEW_BURST.windowMs) / MINUTE_MS);
  const minutes = Object.fromEntries(Object.entries(activity.minutes).filter(([m]) => Number(m) > from));
  const current = minutes[String(minute)] ?? { all: 0, young: 0 };
  minutes[String(minute)] = { all: current.all + 1, young: current.young + (young ? 1 : 0) };
  return { ...activity, minutes };
}

/**
 * The counts with one published review on `now`'s day (a review published when
 * saved, or a held one when released), days older than the mean's window dropped.
 */
export function withPublished(activity: ReviewActivity, now: number): ReviewActivity {
  const oldest = dayKey(now - REVIEW_BURST.meanDays * DAY_MS);
  const days = Object.fromEntries(Object.entries(activity.days).filter(([day]) => day >= oldest));
  const today = dayKey(now);
  days[today] = (days[today] ?? 0) + 1;
  return { ...activity, days };
}
