// A member's analytics: visits to their profile, books, products/services and
// ads, clicks on their books' purchase links, and the followers they gained and
// lost, per UTC day.
//
// Storage is one aggregate document per member per day,
// member_stats/{uid}/days/{YYYY-MM-DD} (MemberStatsDay), written only by the
// site's server (src/data/server/members/views.ts; follows and unfollows by the follower-count
// functions, once per follow event) and read only by the memberAnalytics
// callable; firestore.rules has no match for it, so no client reads or writes
// it. A visit counts at most once per visitor per page per day, and a click at
// most once per visitor per link per day (the marks of src/domain/items/views.ts).
// The 90-day view reads at most 90 documents.
//
// A day document is changed only by `DayPatch`es: every number in a patch is
// added to the stored number, every string replaces the stored string (an
// item's latest title), so patches from many requests merge by summing.
import { z } from 'zod';
import type { DayPatch } from '../shared/patch.ts';
import { csvText } from '../shared/csv.ts';
import type { ViewCollection } from '../items/views.ts';
import type { UpdateReach } from '../updates/author-update.ts';

/** member_stats/{uid}: the member's analytics; its `days` subcollection holds one document per day. */
export const MEMBER_STATS = 'member_stats';
/**
 * member_stats/{uid}/follow_events/{eventId}: a follow or unfollow already counted
 * in its day, so a retried event (the same id) adds nothing. Server-only, like the days.
 */
export const MEMBER_STATS_FOLLOW_EVENTS = 'follow_events';
/** The subcollection of day documents. */
export const MEMBER_STATS_DAYS = 'days';

/** What kind of page an item of the analytics is. */
export const STATS_KINDS = ['profile', 'book', 'product', 'ad'] as const;
export type StatsKind = (typeof STATS_KINDS)[number];

/** The kind each counted collection's pages are. */
export const STATS_KIND_OF: Record<ViewCollection, StatsKind> = {
  profiles: 'profile',
  books: 'book',
  products_services: 'product',
  classified_ads: 'ad',
};

/** The words the account page uses for each kind. */
export const STATS_KIND_LABEL: Record<StatsKind, string> = {
  profile: 'Profile',
  book: 'Book',
  product: 'Product or service',
  ad: 'Ad',
};

/** The key of an item in a day's `items` map: `{kind}_{id}`. */
export function statsItemKey(collection: ViewCollection, id: string): string {
  return `${STATS_KIND_OF[collection]}_${id}`;
}

const count = z.number().int().min(0);

/** One purchase link's clicks in a day. */
export const linkStatsSchema = z.object({
  /** The link's text when it was last clicked ('Paperback'). */
  label: z.string().default(''),
  /** Clicks that day, once per visitor. */
  clicks: count.default(0),
});

/** One item's figures in a day. */
export const itemStatsSchema = z.object({
  /** What kind of page it is. */
  kind: z.enum(STATS_KINDS),
  /** The item's title (a profile: the display name) when it was last counted. */
  title: z.string().default(''),
  /** Visits that day, once per visitor. */
  views: count.default(0),
  /** Clicks on the item's purchase links that day (books only), once per visitor per link. */
  clicks: count.default(0),
  /** Clicks per purchase link, by the link's position in the book's list. */
  links: z.record(z.string(), linkStatsSchema).default({}),
});
export type ItemStats = z.infer<typeof itemStatsSchema>;

/** member_stats/{uid}/days/{day}: one member's figures of one UTC day. */
export const memberStatsDaySchema = z.object({
  /** The UTC day, YYYY-MM-DD (also the document id). */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Visits to all the member's pages that day. */
  views: count.default(0),
  /** Clicks on all the member's purchase links that day. */
  clicks: count.default(0),
  /** Follows of the member made that day (members and email followers alike). */
  follows: count.default(0),
  /** Follows of the member ended that day (unfollowed, or the follower's account removed). */
  unfollows: count.default(0),
  /** Figures per item, by `statsItemKey`. */
  items: z.record(z.string(), itemStatsSchema).default({}),
});
export type MemberStatsDay = z.infer<typeof memberStatsDaySchema>;

/** The patch of one counted visit to an item's page. */
export function viewPatch(day: string, collection: ViewCollection, id: string, title: string): DayPatch {
  return {
    day,
    views: 1,
    items: { [statsItemKey(collection, id)]: { kind: STATS_KIND_OF[collection], title, views: 1 } },
  };
}

/** The patch of one counted click on link `index` of a book. */
export function clickPatch(
  day: string,
  bookId: string,
  bookTitle: string,
  index: number,
  label: string,
): DayPatch {
  return {
    day,
    clicks: 1,
    items: {
      [statsItemKey('books', bookId)]: {
        kind: 'book',
        title: bookTitle,
        clicks: 1,
        links: { [String(index)]: { label, clicks: 1 } },
      },
    },
  };
}

/** The patch of one follow of the member made (`follow`) or ended (`unfollow`) on `day`. */
export function followPatch(day: string, change: 'follow' | 'unfollow'): DayPatch {
  return change === 'follow' ? { day, follows: 1 } : { day, unfollows: 1 };
}

/** How many days of analytics each plan sees: Free the last 7 days, Premium 90. */
export const ANALYTICS_DAYS = { free: 7, premium: 90 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `days` UTC days ending with the day of `now`, oldest first, as YYYY-MM-DD. */
export function windowDays(now: number, days: number): string[] {
  const today = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** One item's figures over the window. */
export interface ItemTotal {
  /** `statsItemKey`. */
  key: string;
  kind: StatsKind;
  title: string;
  views: number;
  clicks: number;
  /** Clicks per purchase link over the window, by position. */
  links: Array<{ index: number; label: string; clicks: number }>;
}

/** One day of the window (every day present, zero when nothing was counted). */
export interface DayTotal {
  day: string;
  views: number;
  clicks: number;
  /** Followers gained and lost that day. */
  follows: number;
  unfollows: number;
}

/** What the account page shows: the window, its daily totals (Premium only) and per-item totals. */
export interface MemberAnalytics {
  /** 'free' (7-day totals) or 'premium' (90 days per day). */
  plan: 'free' | 'premium';
  /** The first and last day of the window. */
  from: string;
  to: string;
  /** Visits and clicks over the window. */
  views: number;
  clicks: number;
  /** Followers gained and lost over the window (never who: only counts are kept). */
  follows: number;
  unfollows: number;
  /** Per item, most viewed first. */
  items: ItemTotal[];
  /** Per day, oldest first (Premium); empty on Free. */
  daily: DayTotal[];
  /** The stored days of the window (Premium, for the CSV); empty on Free. */
  days: MemberStatsDay[];
  /** The member's newest updates to their followers, each with how many it was emailed to (both plans). */
  updates: UpdateReach[];
}

/** The figures of `stored` days over `window` (its days oldest first), as the plan sees them. */
export function summarize(
  plan: 'free' | 'premium',
  window: string[],
  stored: MemberStatsDay[],
  updates: UpdateReach[] = [],
): MemberAnalytics {
  const inWindow = new Set(window);
  const days = stored.filter((day) => inWindow.has(day.day)).sort((a, b) => a.day.localeCompare(b.day));
  const items = new Map<string, ItemTotal>();
  for (const day of days) {
    for (const [key, item] of Object.entries(day.items)) {
      const total = items.get(key) ?? {
        key,
        kind: item.kind,
        title: item.title,
        views: 0,
        clicks: 0,
        links: [],
      };
      total.views += item.views;
      total.clicks += item.clicks;
      // The latest day's title is the item's current one.
      if (item.title) total.title = item.title;
      for (const [position, link] of Object.entries(item.links)) {
        const index = Number(position);
        const entry = total.links.find((known) => known.index === index);
        if (entry) {
          entry.clicks += link.clicks;
          if (link.label) entry.label = link.label;
        } else total.links.push({ index, label: link.label, clicks: link.clicks });
      }
      items.set(key, total);
    }
  }
  const byDay = new Map(days.map((day) => [day.day, day]));
  const sortedItems = [...items.values()]
    .map((item) => ({ ...item, links: item.links.sort((a, b) => a.index - b.index) }))
    .sort((a, b) => b.views - a.views || b.clicks - a.clicks || a.key.localeCompare(b.key));
  return {
    plan,
    from: window[0] ?? '',
    to: window[window.length - 1] ?? '',
    views: days.reduce((sum, day) => sum + day.views, 0),
    clicks: days.reduce((sum, day) => sum + day.clicks, 0),
    follows: days.reduce((sum, day) => sum + day.follows, 0),
    unfollows: days.reduce((sum, day) => sum + day.unfollows, 0),
    items: sortedItems,
    daily:
      plan === 'premium'
        ? window.map((day) => ({
            day,
            views: byDay.get(day)?.views ?? 0,
            clicks: byDay.get(day)?.clicks ?? 0,
            follows: byDay.get(day)?.follows ?? 0,
            unfollows: byDay.get(day)?.unfollows ?? 0,
          }))
        : [],
    days: plan === 'premium' ? days : [],
    updates,
  };
}

/** The CSV's header row. */
export const ANALYTICS_CSV_HEADER = [
  'day',
  'kind',
  'item',
  'id',
  'views',
  'clicks',
  'new followers',
  'unfollows',
] as const;

/**
 * The CSV download: one row per day per item counted that day, oldest day first,
 * and on a day when followers came or went a row of kind 'followers' with those
 * two counts (its item columns empty; the item rows leave the follower columns empty).
 */
export function analyticsCsv(days: MemberStatsDay[]): string {
  const rows: Array<readonly (string | number)[]> = [ANALYTICS_CSV_HEADER];
  for (const day of [...days].sort((a, b) => a.day.localeCompare(b.day))) {
    for (const [key, item] of Object.entries(day.items).sort(([a], [b]) => a.localeCompare(b))) {
      const id = key.slice(item.kind.length + 1);
      rows.push([day.day, item.kind, item.title, id, item.views, item.clicks, '', '']);
    }
    if (day.follows > 0 || day.unfollows > 0)
      rows.push([day.day, 'followers', '', '', '', '', day.follows, day.unfollows]);
  }
  return csvText(rows);
}
