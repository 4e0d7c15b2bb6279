import { describe, expect, it } from 'vitest';
import {
  analyticsCsv,
  clickPatch,
  followPatch,
  memberStatsDaySchema,
  summarize,
  viewPatch,
  windowDays,
  type MemberStatsDay,
} from '../../../../src/domain/members/member-stats';
import { mergePatches, type DayPatch } from '../../../../src/domain/shared/patch';
import { countedItem, keepsViewsCount, viewNeedsOwner } from '../../../../src/domain/items/views';

/** A stored day as Firestore would hold it after `patches` (numbers summed, strings replaced). */
function stored(...patches: DayPatch[]): MemberStatsDay {
  return memberStatsDaySchema.parse(patches.reduce(mergePatches, {}));
}

describe('member analytics: patches', () => {
  it('sums the counts of many requests and keeps the latest title', () => {
    const merged = mergePatches(
      mergePatches(
        viewPatch('2026-11-20', 'books', 'b1', 'Old title'),
        viewPatch('2026-11-20', 'books', 'b1', 'New'),
      ),
      viewPatch('2026-11-20', 'profiles', 'u1', 'Ann'),
    );
    expect(merged).toEqual({
      day: '2026-11-20',
      views: 3,
      items: {
        book_b1: { kind: 'book', title: 'New', views: 2 },
        profile_u1: { kind: 'profile', title: 'Ann', views: 1 },
      },
    });
  });

  it('counts clicks per book and per link', () => {
    const day = stored(
      viewPatch('2026-11-20', 'books', 'b1', 'Book'),
      clickPatch('2026-11-20', 'b1', 'Book', 2, 'Paperback'),
      clickPatch('2026-11-20', 'b1', 'Book', 2, 'Paperback'),
      clickPatch('2026-11-20', 'b1', 'Book', 0, 'Buy the Book'),
    );
    expect(day.clicks).toBe(3);
    expect(day.views).toBe(1);
    expect(day.items.book_b1).toMatchObject({ views: 1, clicks: 3 });
    expect(day.items.book_b1!.links).toEqual({
      '0': { label: 'Buy the Book', clicks: 1 },
      '2': { label: 'Paperback', clicks: 2 },
    });
  });
});

describe('member analytics: windows', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');

  it('Free sees the last 7 days and Premium the last 90, ending today', () => {
    const week = windowDays(now, 7);
    expect(week).toHaveLength(7);
    expect(week[0]).toBe('2026-11-20');
    expect(week[6]).toBe('2026-11-26');
    const quarter = windowDays(now, 90);
    expect(quarter).toHaveLength(90);
    expect(quarter[0]).toBe('2026-08-29');
    expect(quarter[89]).toBe('2026-11-26');
  });

  it('sums only the days inside the window; Free gets totals only, Premium every day', () => {
    const days = [
      stored(viewPatch('2026-11-19', 'books', 'b1', 'Book')),
      stored(
        viewPatch('2026-11-20', 'books', 'b1', 'Book'),
        viewPatch('2026-11-20', 'profiles', 'u1', 'Ann'),
      ),
      stored(
        viewPatch('2026-11-26', 'books', 'b1', 'Book'),
        clickPatch('2026-11-26', 'b1', 'Book', 1, 'eBook'),
      ),
    ];
    const free = summarize('free', windowDays(now, 7), days);
    expect(free).toMatchObject({ plan: 'free', from: '2026-11-20', to: '2026-11-26', views: 3, clicks: 1 });
    expect(free.items.map((item) => [item.key, item.views, item.clicks])).toEqual([
      ['book_b1', 2, 1],
      ['profile_u1', 1, 0],
    ]);
    expect(free.items[0]!.links).toEqual([{ index: 1, label: 'eBook', clicks: 1 }]);
    expect(free.daily).toEqual([]);
    expect(free.days).toEqual([]);

    const premium = summarize('premium', windowDays(now, 90), days);
    expect(premium.views).toBe(4);
    expect(premium.daily).toHaveLength(90);
    expect(premium.daily.find((day) => day.day === '2026-11-19')).toEqual({
      day: '2026-11-19',
      views: 1,
      clicks: 0,
      follows: 0,
      unfollows: 0,
    });
    expect(premium.daily.find((day) => day.day === '2026-11-21')).toEqual({
      day: '2026-11-21',
      views: 0,
      clicks: 0,
      follows: 0,
      unfollows: 0,
    });
    expect(premium.days.map((day) => day.day)).toEqual(['2026-11-19', '2026-11-20', '2026-11-26']);
  });
});

describe('member analytics: CSV', () => {
  it('writes one row per day per item, quoting commas and defusing formulas', () => {
    const csv = analyticsCsv([
      stored(viewPatch('2026-11-21', 'products_services', 'p1', '=HYPERLINK("x")')),
      stored(
        viewPatch('2026-11-20', 'books', 'b1', 'Tea, and "sympathy"'),
        clickPatch('2026-11-20', 'b1', 'Tea, and "sympathy"', 0, 'eBook'),
      ),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'day,kind,item,id,views,clicks,new followers,unfollows',
      '2026-11-20,book,"Tea, and ""sympathy""",b1,1,1,,',
      `2026-11-21,product,"'=HYPERLINK(""x"")",p1,1,0,,`,
      '',
    ]);
  });
});

describe('member analytics: followers over time', () => {
  const days = [
    stored(followPatch('2026-11-20', 'follow'), followPatch('2026-11-20', 'follow')),
    stored(followPatch('2026-11-24', 'unfollow'), viewPatch('2026-11-24', 'profiles', 'u1', 'Ann')),
    // Outside both windows.
    stored(followPatch('2026-08-01', 'follow')),
  ];

  it('totals follows and unfollows over the window, per day on Premium', () => {
    const premium = summarize('premium', windowDays(Date.parse('2026-11-26T12:00:00Z'), 90), days);
    expect([premium.follows, premium.unfollows]).toEqual([2, 1]);
    expect(premium.daily.find((day) => day.day === '2026-11-20')).toMatchObject({ follows: 2, unfollows: 0 });
    expect(premium.daily.find((day) => day.day === '2026-11-24')).toMatchObject({ follows: 0, unfollows: 1 });
    expect(premium.daily.reduce((sum, day) => sum + day.follows, 0)).toBe(2);
  });

  it('gives Free the last 7 days in totals only', () => {
    const free = summarize('free', windowDays(Date.parse('2026-11-26T12:00:00Z'), 7), days);
    expect([free.follows, free.unfollows]).toEqual([2, 1]);
    expect(free.daily).toEqual([]);
    const later = summarize('free', windowDays(Date.parse('2026-11-29T12:00:00Z'), 7), days);
    expect([later.follows, later.unfollows]).toEqual([0, 1]);
  });

  it('reads a day stored before followers were counted as none', () => {
    const old = memberStatsDaySchema.parse({ day: '2026-11-20', views: 3, clicks: 0, items: {} });
    expect([old.follows, old.unfollows]).toEqual([0, 0]);
    expect(followPatch('2026-11-20', 'unfollow')).toEqual({ day: '2026-11-20', unfollows: 1 });
  });

  it('adds a followers row to the CSV on a day when followers came or went, none on a day without', () => {
    const csv = analyticsCsv([
      stored(viewPatch('2026-11-20', 'profiles', 'u1', 'Ann'), followPatch('2026-11-20', 'follow')),
      stored(viewPatch('2026-11-21', 'profiles', 'u1', 'Ann')),
      stored(
        followPatch('2026-11-22', 'follow'),
        followPatch('2026-11-22', 'follow'),
        followPatch('2026-11-22', 'unfollow'),
      ),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'day,kind,item,id,views,clicks,new followers,unfollows',
      '2026-11-20,profile,Ann,u1,1,0,,',
      '2026-11-20,followers,,,,,1,0',
      '2026-11-21,profile,Ann,u1,1,0,,',
      '2026-11-22,followers,,,,,2,1',
      '',
    ]);
  });
});

describe('which views count, and for whom', () => {
  it('counts a profile while active and approved, for the member', () => {
    expect(
      countedItem('profiles', 'u1', { is_active: true, approval_status: 'approved', display_name: 'Ann' }),
    ).toEqual({
      owner: 'u1',
      title: 'Ann',
    });
    expect(countedItem('profiles', 'u1', { is_active: true, approval_status: 'pending' })).toBeNull();
    expect(countedItem('profiles', 'u1', { is_active: false, approval_status: 'approved' })).toBeNull();
  });

  it('counts a public book and an active product or ad of a public owner, for its owner', () => {
    const publicOwner = { is_active: true, approval_status: 'approved' };
    expect(countedItem('books', 'b1', { user_id: 'u1', is_public: true, title: 'B' })).toEqual({
      owner: 'u1',
      title: 'B',
    });
    expect(countedItem('books', 'b1', { user_id: 'u1', is_public: false, is_active: true })).toBeNull();
    expect(
      countedItem('classified_ads', 'a1', { user_id: 'u2', is_active: true, title: 'Ad' }, publicOwner),
    ).toEqual({
      owner: 'u2',
      title: 'Ad',
    });
    expect(
      countedItem('products_services', 'p1', { user_id: 'u2', is_active: false }, publicOwner),
    ).toBeNull();
    // Hidden by moderation: its page answers 404, so no view counts.
    expect(
      countedItem(
        'classified_ads',
        'a1',
        { user_id: 'u2', is_active: true, moderation_hidden: true },
        publicOwner,
      ),
    ).toBeNull();
    expect(
      countedItem(
        'products_services',
        'p1',
        { user_id: 'u2', is_active: true, moderation_hidden: true },
        publicOwner,
      ),
    ).toBeNull();
    expect(countedItem('products_services', 'p1', { is_active: true }, publicOwner)).toBeNull();
    // An owner who is not public (pending, deactivated, or no profile): the page is a 404 too.
    const ad = { user_id: 'u2', is_active: true, title: 'Ad' };
    expect(
      countedItem('classified_ads', 'a1', ad, { is_active: true, approval_status: 'pending' }),
    ).toBeNull();
    expect(
      countedItem('products_services', 'p1', ad, { is_active: false, approval_status: 'approved' }),
    ).toBeNull();
    expect(countedItem('classified_ads', 'a1', ad)).toBeNull();
    expect(viewNeedsOwner('classified_ads') && viewNeedsOwner('products_services')).toBe(true);
    expect(viewNeedsOwner('books') || viewNeedsOwner('profiles')).toBe(false);
    expect(countedItem('books', 'missing', undefined)).toBeNull();
  });

  it('keeps views_count on products and ads only', () => {
    expect(keepsViewsCount('products_services')).toBe(true);
    expect(keepsViewsCount('classified_ads')).toBe(true);
    expect(keepsViewsCount('books')).toBe(false);
    expect(keepsViewsCount('profiles')).toBe(false);
  });
});
