import { describe, expect, it } from 'vitest';
import { memberStatsDaySchema, summarize, windowDays } from '../../../src/domain/members/member-stats';
import { generateMemberStats } from '../../../scripts/seed/analytics';
import { generate } from '../../../scripts/seed/generate';

describe('demo analytics', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const data = generate({ mediaUrl: (path) => `/media/${path}` });
  const stats = generateMemberStats(data.docs, now);

  it('gives public members valid day documents over the last 90 days, a Premium member among them', () => {
    expect(stats.length).toBeGreaterThan(0);
    const owners = new Set(stats.map((day) => day.path.split('/')[1]));
    for (const day of stats) {
      const parsed = memberStatsDaySchema.parse(day.data);
      expect(day.path.endsWith(`/days/${parsed.day}`)).toBe(true);
      expect(windowDays(now, 90)).toContain(parsed.day);
    }
    const premium = data.docs.filter(
      (doc) => doc.collection === 'profiles' && doc.data.subscription_status === 'premium',
    );
    expect(premium.some((doc) => owners.has(doc.id))).toBe(true);
    for (const doc of data.docs.filter(
      (d) => d.collection === 'profiles' && d.data.approval_status !== 'approved',
    ))
      expect(owners.has(doc.id)).toBe(false);
  });

  it('draws a living chart: visits on most days for a Premium member', () => {
    const owner = data.docs.find(
      (doc) =>
        doc.collection === 'profiles' &&
        doc.data.subscription_status === 'premium' &&
        stats.some((day) => day.path.startsWith(`member_stats/${doc.id}/`)),
    )!;
    const days = stats
      .filter((day) => day.path.startsWith(`member_stats/${owner.id}/`))
      .map((day) => memberStatsDaySchema.parse(day.data));
    const summary = summarize('premium', windowDays(now, 90), days);
    expect(summary.daily.filter((day) => day.views > 0).length).toBeGreaterThan(45);
  });
});

describe('demo followers over time', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const data = generate({ mediaUrl: (path) => `/media/${path}` });
  const stats = generateMemberStats(data.docs, now);
  const summaryOf = (uid: string) =>
    summarize(
      'premium',
      windowDays(now, 90),
      stats
        .filter((day) => day.path.startsWith(`member_stats/${uid}/`))
        .map((day) => memberStatsDaySchema.parse(day.data)),
    );

  it('counts each demo follow of an author once as a new follower, and the demo author one reader lost', () => {
    const follows = data.docs.filter((doc) => doc.collection === 'follows');
    const author = summaryOf('demo-author');
    const authorFollows = follows.filter((doc) => doc.data.author_uid === 'demo-author').length;
    expect(authorFollows).toBeGreaterThan(3);
    expect([author.follows, author.unfollows]).toEqual([authorFollows + 1, 1]);
    expect(author.daily.filter((day) => day.follows > 0).length).toBeGreaterThan(3);
    const publisher = summaryOf('demo-publisher');
    expect(publisher.follows).toBe(follows.filter((doc) => doc.data.author_uid === 'demo-publisher').length);
  });
});
