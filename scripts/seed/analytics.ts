// Demo analytics: for every public member, figures for each of the last 90 days
// (ending on the day the seed runs, since the account page shows the days before
// today), as the view counter would have written them to
// member_stats/{uid}/days/{day}: visits to the profile and to each public item,
// a few clicks on each book's first purchase link; and, as the follower-count
// functions would have, each demo follow as a new follower on a day of the quarter
// (the demo author also gains and loses one reader, so the chart and the CSV show
// an unfollow). Deterministic per member and day offset, so a re-seed draws the
// same shapes.
import { bookLinks } from '../../src/domain/books/book-links.ts';
import {
  clickPatch,
  followPatch,
  MEMBER_STATS,
  MEMBER_STATS_DAYS,
  viewPatch,
  windowDays,
} from '../../src/domain/members/member-stats.ts';
import { mergePatches, type DayPatch } from '../../src/domain/shared/patch.ts';
import { countedItem, VIEW_COLLECTIONS } from '../../src/domain/items/views.ts';
import { Random } from './prng.ts';
import type { SeedDoc } from './context.ts';

/** One day document to write: its path and data (a patch's numbers are the stored counts). */
export interface SeedStatsDay {
  path: string;
  data: DayPatch;
}

/** The day documents of the demo, over the 90 days ending with the day of `now`. */
export function generateMemberStats(docs: readonly SeedDoc[], now: number): SeedStatsDay[] {
  const days = windowDays(now, 90);
  const perOwner = new Map<string, DayPatch[]>();
  // Only what the public sees counts: items of public members.
  const publicMembers = new Set(
    docs
      .filter((doc) => doc.collection === 'profiles' && countedItem('profiles', doc.id, doc.data))
      .map((doc) => doc.id),
  );
  for (const doc of docs) {
    if (!(VIEW_COLLECTIONS as readonly string[]).includes(doc.collection)) continue;
    const collection = doc.collection as (typeof VIEW_COLLECTIONS)[number];
    const item = countedItem(collection, doc.id, {
      ...doc.data,
      ...(collection === 'books' ? { is_public: doc.data.is_active } : {}),
    });
    if (!item || !publicMembers.has(item.owner)) continue;
    const rng = new Random(
      [...`${collection}/${doc.id}`].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) >>> 0, 7),
    );
    const patches = perOwner.get(item.owner) ?? days.map((day) => ({ day }) as DayPatch);
    const linked = collection === 'books' ? bookLinks(doc.data) : [];
    days.forEach((day, i) => {
      // A slow rise over the quarter, with noise.
      const visits = rng.int(0, 2 + Math.floor(i / 15));
      let patch: DayPatch = patches[i]!;
      for (let v = 0; v < visits; v++)
        patch = mergePatches(patch, viewPatch(day, collection, doc.id, item.title));
      if (linked[0] && visits > 0 && rng.chance(0.4))
        patch = mergePatches(patch, clickPatch(day, doc.id, item.title, 0, linked[0].label));
      patches[i] = patch;
    });
    perOwner.set(item.owner, patches);
  }
  // Followers gained: the k-th follow of an author lands k * 11 + 3 days before today.
  const followsOf = new Map<string, number>();
  const addFollow = (owner: string, dayIndex: number, change: 'follow' | 'unfollow') => {
    const patches = perOwner.get(owner) ?? days.map((day) => ({ day }) as DayPatch);
    patches[dayIndex] = mergePatches(patches[dayIndex]!, followPatch(days[dayIndex]!, change));
    perOwner.set(owner, patches);
  };
  for (const doc of docs) {
    if (doc.collection !== 'follows') continue;
    const owner = doc.data.author_uid;
    if (typeof owner !== 'string' || !publicMembers.has(owner)) continue;
    const k = followsOf.get(owner) ?? 0;
    followsOf.set(owner, k + 1);
    addFollow(owner, days.length - 1 - ((k * 11 + 3) % days.length), 'follow');
  }
  // A reader who followed the demo author for five days, then left.
  if (publicMembers.has('demo-author')) {
    addFollow('demo-author', days.length - 26, 'follow');
    addFollow('demo-author', days.length - 21, 'unfollow');
  }
  const out: SeedStatsDay[] = [];
  for (const [owner, patches] of perOwner)
    for (const patch of patches)
      // A day with nothing counted (only its date) is not written.
      if (Object.keys(patch).length > 1)
        out.push({ path: `${MEMBER_STATS}/${owner}/${MEMBER_STATS_DAYS}/${String(patch.day)}`, data: patch });
  return out;
}
