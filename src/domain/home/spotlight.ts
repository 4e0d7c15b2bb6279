/**
 * The home page's Spotlight: featured-book slots that no admin-chosen book fills
 * show public books of Premium members, chosen anew each UTC day.
 *
 * Fairness is per book and state-based: the rotation remembers which books were
 * shown in the current cycle, and a day's books come only from those not shown
 * yet in it; once every eligible book has been shown, a new cycle begins. A book
 * that joins the pool mid-cycle is therefore shown in that cycle, and a book that
 * leaves and comes back keeps its place (it is not shown twice in a cycle). Among
 * the books a cycle has not shown, the least recently shown comes first, then the
 * lower book id, so the order is the same on every run.
 *
 * One member, one book a day where the cycle allows it: a second book of the same
 * member is taken only when no other member's book is left in the cycle (fairness
 * between books comes first). The same day with the same pool gives the same
 * books, so the step may run any number of times a day.
 */
import { z } from 'zod';
import { idSchema } from '../shared/common.ts';

/** The rotation state's document (written only by the functions and the seed, Admin SDK; the rules close site_meta). */
export const SPOTLIGHT_STATE_PATH = 'site_meta/spotlight';

/** The visible mark on a Spotlight card. */
export const SPOTLIGHT_LABEL = 'Spotlight';

/** Reason the daily rotation records when it asks the publish pipeline for a rebuild. */
export const SPOTLIGHT_PUBLISH_REASON = 'Daily Spotlight rotation';

/** A UTC calendar day, 'YYYY-MM-DD'. */
export const spotlightDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Not a day (YYYY-MM-DD)');

/** The rotation state, document `site_meta/spotlight`. */
export const spotlightStateSchema = z
  .object({
    /** The UTC day `picks` were chosen for; null before the first rotation. */
    day: spotlightDaySchema.nullable().default(null),
    /** Book ids shown on `day`, in slot order (the first empty slot takes the first still eligible). */
    picks: z.array(idSchema).default([]),
    /** Book ids shown in the current cycle; emptied when every eligible book has been shown. */
    cycle: z.array(idSchema).default([]),
    /** Book id → the last day it was shown; orders a new cycle (least recently shown first). Pruned to the pool when a cycle ends. */
    last_shown: z.record(idSchema, spotlightDaySchema).default({}),
  })
  .describe('site_meta');
/** The rotation state. */
export type SpotlightState = z.infer<typeof spotlightStateSchema>;

/** The state before any rotation. */
export const INITIAL_SPOTLIGHT_STATE: SpotlightState = spotlightStateSchema.parse({});

/** The UTC day of a moment, 'YYYY-MM-DD': the rotation turns at midnight UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A book that may be spotlighted: its id and its owner. */
export interface SpotlightCandidate {
  /** Book id. */
  id: string;
  /** Owner's uid (one book per member per day where possible). */
  user_id: string;
}

/** The book and owner fields that decide whether a book may be spotlighted. */
export interface SpotlightEligibility {
  book: { is_public: boolean };
  owner: {
    subscription_status: string;
    is_active: boolean;
    approval_status: string;
  } | null;
}

/**
 * True when the book may be spotlighted: it is public (active, of an approved and
 * active member: the denormalised `is_public`) and its owner is on Premium now (the
 * profile's plan, written from `planOf` by the billing webhook and the admin grant).
 */
export function isSpotlightEligible({ book, owner }: SpotlightEligibility): boolean {
  return (
    book.is_public &&
    owner !== null &&
    owner.subscription_status === 'premium' &&
    owner.is_active &&
    owner.approval_status === 'approved'
  );
}

/** What the rotation is given. */
export interface SpotlightInput {
  /** Today, UTC ('YYYY-MM-DD'). */
  day: string;
  /** Featured slots no admin-chosen book fills. */
  emptySlots: number;
  /** Every eligible book (any order). */
  eligible: readonly SpotlightCandidate[];
  /** Books the admins' slots show: never spotlighted beside themselves, and not counted as shown. */
  exclude?: Iterable<string>;
  /** The stored state. */
  state: SpotlightState;
}

/** What the rotation decides. */
export interface SpotlightChoice {
  /** The books for the empty slots, in slot order (fewer when the pool is smaller). */
  picks: string[];
  /** The state to store. */
  state: SpotlightState;
  /** False when `state` is the input's state (nothing to write). */
  changed: boolean;
}

function byLeastRecentlyShown(lastShown: Readonly<Record<string, string>>) {
  return (a: SpotlightCandidate, b: SpotlightCandidate): number => {
    const at = lastShown[a.id] ?? '';
    const bt = lastShown[b.id] ?? '';
    if (at !== bt) return at < bt ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/**
 * The day's Spotlight books for `emptySlots` slots and the state after them.
 *
 * - Same day: the books already chosen today that are still eligible keep their
 *   order; only missing ones are chosen anew (an admin freed a slot, a book left).
 * - A day before the stored one (a late retry) changes nothing.
 * - A new day chooses afresh. A book is never shown twice on one day.
 */
export function chooseSpotlight(input: SpotlightInput): SpotlightChoice {
  const { day, state } = input;
  const slots = Math.max(0, Math.floor(input.emptySlots));
  const excluded = new Set(input.exclude ?? []);
  const pool = new Map<string, SpotlightCandidate>();
  for (const book of input.eligible)
    if (!excluded.has(book.id) && !pool.has(book.id)) pool.set(book.id, book);

  const stale = state.day !== null && day < state.day;
  const sameDay = state.day === day || stale;
  const kept = sameDay ? state.picks.filter((id) => pool.has(id)).slice(0, slots) : [];
  if (stale || kept.length === slots) return { picks: kept, state, changed: false };

  // Everything shown today, eligible or not, so that nothing repeats within the day.
  const today = new Set(sameDay ? state.picks : []);
  const cycle = new Set(state.cycle);
  let lastShown: Record<string, string> = { ...state.last_shown };
  const picks = [...kept];
  const added: string[] = [];
  const members = new Set(kept.map((id) => pool.get(id)!.user_id));
  while (picks.length < slots) {
    const available = [...pool.values()].filter((book) => !today.has(book.id));
    if (available.length === 0) break;
    let unshown = available.filter((book) => !cycle.has(book.id));
    if (unshown.length === 0) {
      // Every eligible book not shown today was shown in this cycle: a new cycle begins.
      cycle.clear();
      lastShown = Object.fromEntries(
        Object.entries(lastShown).filter(([id]) => pool.has(id) || excluded.has(id)),
      );
      unshown = available;
    }
    unshown.sort(byLeastRecentlyShown(lastShown));
    const next = unshown.find((book) => !members.has(book.user_id)) ?? unshown[0]!;
    picks.push(next.id);
    added.push(next.id);
    today.add(next.id);
    cycle.add(next.id);
    members.add(next.user_id);
    lastShown[next.id] = day;
  }
  if (added.length === 0) return { picks, state, changed: false };
  return {
    picks,
    state: {
      day,
      picks: [...(sameDay ? state.picks : []), ...added],
      cycle: [...cycle],
      last_shown: lastShown,
    },
    changed: true,
  };
}

/** A filled featured-book slot: the book, and whether the Spotlight put it there. */
export interface FilledSlot<T> {
  book: T;
  spotlight: boolean;
}

/**
 * The featured-book slots as the home shows them: a slot showing an admin's book
 * keeps it (never overridden); each slot showing nothing takes the next Spotlight
 * book not already shown by an admin slot; slots may stay empty.
 */
export function fillSpotlightSlots<T extends { id: string }>(
  adminSlots: readonly (T | null)[],
  spotlight: readonly T[],
): (FilledSlot<T> | null)[] {
  const shown = new Set(adminSlots.flatMap((book) => (book ? [book.id] : [])));
  const queue = spotlight.filter((book) => {
    if (shown.has(book.id)) return false;
    shown.add(book.id);
    return true;
  });
  return adminSlots.map((book) => {
    if (book) return { book, spotlight: false };
    const next = queue.shift();
    return next ? { book: next, spotlight: true } : null;
  });
}
