import { describe, expect, it } from 'vitest';
import {
  decideNewReview,
  decideReviewSave,
  hourlyAllowance,
  isYoungAccount,
  lastHour,
  meanDailyReviews,
  readActivity,
  withPublished,
  type ReviewActivity,
} from '../../../../src/domain/reviews/review-burst';
import { publishedThenHeld } from '../../../shared/review-burst';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const OLD_ACCOUNT = new Date('2025-01-01T00:00:00Z');
const empty = (): ReviewActivity => ({ minutes: {}, days: {} });

/** `count` new reviews by old accounts, one a minute ending at `end`, through the guard. */
function reviews(count: number, start: ReviewActivity = empty(), end = NOW, createdAt = OLD_ACCOUNT) {
  let activity = start;
  const decisions: string[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const result = decideNewReview(activity, end - i * MIN, createdAt);
    decisions.push(result.moderation);
    activity = result.activity;
  }
  return { decisions, activity };
}

/** Counts with `perDay` published reviews on each of the 30 days before NOW's day. */
function busyBook(perDay: number): ReviewActivity {
  const days: Record<string, number> = {};
  for (let back = 1; back <= 30; back += 1)
    days[new Date(NOW - back * DAY).toISOString().slice(0, 10)] = perDay;
  return { minutes: {}, days };
}

describe('the hourly allowance', () => {
  it('is 5 for a quiet book and 5 × the mean daily reviews for a busy one', () => {
    expect(hourlyAllowance(0)).toBe(5);
    expect(hourlyAllowance(1)).toBe(5);
    expect(hourlyAllowance(1.2)).toBe(6);
    expect(hourlyAllowance(4)).toBe(20);
  });

  it('takes the mean over the 30 days before today, not today nor the 31st day back', () => {
    const activity = busyBook(2);
    expect(meanDailyReviews(activity, NOW)).toBe(2);
    activity.days['2026-11-26'] = 100;
    activity.days[new Date(NOW - 31 * DAY).toISOString().slice(0, 10)] = 100;
    expect(meanDailyReviews(activity, NOW)).toBe(2);
    expect(meanDailyReviews({ minutes: {}, days: { '2026-11-25': 30 } }, NOW)).toBe(1);
  });
});

describe('decideNewReview', () => {
  it('publishes the first 5 new reviews within an hour on a quiet book and holds the 6th and later', () => {
    expect(reviews(7).decisions).toEqual(publishedThenHeld(5, 2));
  });

  it('forgets reviews older than an hour: the window slides', () => {
    const { activity } = reviews(5, empty(), NOW - 61 * MIN);
    expect(lastHour(activity, NOW)).toEqual({ all: 0, young: 0 });
    expect(decideNewReview(activity, NOW, OLD_ACCOUNT).moderation).toBe('published');
    // 59 minutes later, the five still count.
    expect(decideNewReview(reviews(5).activity, NOW + 55 * MIN, OLD_ACCOUNT).moderation).toBe('held');
  });

  it('allows 5 × the mean on a busy book: the 20th is published, the 21st held at 4 a day', () => {
    const decisions = reviews(21, busyBook(4)).decisions;
    expect(decisions.slice(0, 20).every((d) => d === 'published')).toBe(true);
    expect(decisions[20]).toBe('held');
  });

  it('holds from the third review within an hour by accounts younger than 24 hours', () => {
    const young = new Date(NOW - DAY + MIN);
    const { decisions } = reviews(4, empty(), NOW, young);
    expect(decisions).toEqual(['published', 'published', 'held', 'held']);
  });

  it('an account of exactly 24 hours is not new; an unknown age is', () => {
    expect(isYoungAccount(new Date(NOW - DAY), NOW)).toBe(false);
    expect(isYoungAccount(new Date(NOW - DAY + 1), NOW)).toBe(true);
    expect(isYoungAccount(null, NOW)).toBe(true);
  });

  it('reviews by older accounts do not count toward the new accounts’ three', () => {
    let activity = reviews(2).activity;
    const young = new Date(NOW - MIN);
    let result = decideNewReview(activity, NOW, young);
    expect(result.moderation).toBe('published');
    activity = result.activity;
    result = decideNewReview(activity, NOW, young);
    expect(result.moderation).toBe('published');
    // The third by a new account (the fifth in all) is held.
    expect(decideNewReview(result.activity, NOW, young).moderation).toBe('held');
  });

  it('counts held reviews in the hour but only published ones in the daily mean', () => {
    const { activity } = reviews(7);
    expect(lastHour(activity, NOW).all).toBe(7);
    expect(activity.days['2026-11-26']).toBe(5);
    expect(withPublished(activity, NOW).days['2026-11-26']).toBe(6);
  });

  it('drops days older than the window and minutes older than the hour when it stores', () => {
    const stale: ReviewActivity = {
      minutes: { [String(Math.floor((NOW - 2 * 60 * MIN) / MIN))]: { all: 9, young: 9 } },
      days: { '2026-01-01': 50 },
    };
    const { activity } = decideNewReview(stale, NOW, OLD_ACCOUNT);
    expect(Object.keys(activity.minutes)).toEqual([String(Math.floor(NOW / MIN))]);
    expect(Object.keys(activity.days)).toEqual(['2026-11-26']);
  });

  it('reads a missing or malformed document as a quiet book', () => {
    expect(readActivity(undefined)).toEqual(empty());
    expect(readActivity({ minutes: { x: 'lots' } })).toEqual(empty());
  });
});

describe('decideReviewSave', () => {
  const published = (rating: number) => ({ moderation: 'published' as const, rating, hidden: false });

  it('judges a new review as decideNewReview does', () => {
    const five = reviews(5).activity;
    expect(decideReviewSave(null, 4, false, empty(), NOW, OLD_ACCOUNT)).toEqual(
      decideNewReview(empty(), NOW, OLD_ACCOUNT),
    );
    expect(decideReviewSave(null, 4, false, five, NOW, OLD_ACCOUNT).moderation).toBe('held');
  });

  it('counts a change of rating like a new review: a wave of 5-to-1 edits is held from the 6th', () => {
    let activity = empty();
    const decisions: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const result = decideReviewSave(published(5), 1, false, activity, NOW + i * MIN, OLD_ACCOUNT);
      decisions.push(result.moderation);
      activity = result.activity ?? activity;
    }
    expect(decisions).toEqual(publishedThenHeld(5, 2));
    expect(lastHour(activity, NOW + 7 * MIN).all).toBe(7);
  });

  it('leaves text edits, held reviews and hidden reviews as they are, counting nothing', () => {
    const five = reviews(5).activity;
    expect(decideReviewSave(published(5), 5, true, five, NOW, OLD_ACCOUNT)).toEqual({
      moderation: 'published',
      activity: null,
    });
    expect(
      decideReviewSave({ moderation: 'held', rating: 5, hidden: false }, 1, false, empty(), NOW, OLD_ACCOUNT),
    ).toEqual({ moderation: 'held', activity: null });
    expect(decideReviewSave({ ...published(2), hidden: true }, 5, true, empty(), NOW, OLD_ACCOUNT)).toEqual({
      moderation: 'published',
      activity: null,
    });
  });

  it('holds whatever the counts when a moderator hid or rejected an earlier review on the book, and counts it', () => {
    const held = decideReviewSave(null, 5, true, empty(), NOW, OLD_ACCOUNT);
    expect(held.moderation).toBe('held');
    expect(lastHour(held.activity!, NOW).all).toBe(1);
    expect(held.activity!.days).toEqual({});
    expect(decideReviewSave(published(4), 5, true, empty(), NOW, OLD_ACCOUNT).moderation).toBe('held');
  });
});
