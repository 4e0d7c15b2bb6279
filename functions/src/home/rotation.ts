// The Spotlight rotation step: reads what the home's featured-book slots show, the pool
// of eligible books and the stored state, applies the pure rule (src/domain/home/spotlight.ts)
// and stores the state when it changed. Run before every deploy-hook call of the publish
// pipeline (so each build finds the day's books, topped up when a slot was freed), by the
// daily schedule at midnight UTC, and by the seed. Plain function of a Firestore and a
// clock, so tests call it directly (the emulators run no schedules).
import type { Firestore } from 'firebase-admin/firestore';
import { parseDocs, tryParseDoc } from '../../../src/data/firestore-convert';
import { bookSchema } from '../../../src/domain/books/book';
import { FEATURED_BOOK_SLOTS, featuredBookSchema, toSlots } from '../../../src/domain/home/featured';
import { isPubliclyListed, profileSchema } from '../../../src/domain/accounts/profile';
import {
  INITIAL_SPOTLIGHT_STATE,
  SPOTLIGHT_STATE_PATH,
  chooseSpotlight,
  spotlightStateSchema,
  utcDay,
  type SpotlightCandidate,
} from '../../../src/domain/home/spotlight';
import { MAX_IN_VALUES, chunk } from '../shared/firestore';

/** What one rotation step did. */
export interface RotationResult {
  /** The UTC day it ran for. */
  day: string;
  /** Featured slots no admin book fills. */
  emptySlots: number;
  /** The Spotlight books for those slots, in slot order. */
  picks: string[];
  /** True when it stored a new state (a new day, or a slot topped up). */
  changed: boolean;
}

/**
 * The books the admins' slots show and how many slots show none. A slot whose
 * book is missing, hidden or invalid shows nothing on the home (getFeaturedBookSlots),
 * so the Spotlight may fill it; the admin's entry itself is left as it is.
 */
async function adminSlots(firestore: Firestore): Promise<{ shown: Set<string>; emptySlots: number }> {
  const entries = parseDocs(featuredBookSchema, (await firestore.collection('featured_books').get()).docs);
  const slots = toSlots(entries, FEATURED_BOOK_SLOTS);
  const ids = [...new Set(slots.flatMap((slot) => (slot ? [slot.book_id] : [])))];
  const shown = new Set<string>();
  if (ids.length > 0) {
    const snaps = await firestore.getAll(...ids.map((id) => firestore.collection('books').doc(id)));
    for (const snap of snaps) {
      const book = snap.exists ? tryParseDoc(bookSchema, snap) : null;
      if (book?.is_public) shown.add(book.id);
    }
  }
  const emptySlots = slots.filter((slot) => !slot || !shown.has(slot.book_id)).length;
  return { shown, emptySlots };
}

/**
 * Every eligible book: the public books of Premium members who are approved and
 * active (src/domain/home/spotlight.ts isSpotlightEligible). One query for the Premium
 * profiles, then one per 30 of them for their public books (ids and owners only).
 */
export async function spotlightPool(firestore: Firestore): Promise<SpotlightCandidate[]> {
  const premium = await firestore.collection('profiles').where('subscription_status', '==', 'premium').get();
  const owners = parseDocs(profileSchema, premium.docs)
    .filter(isPubliclyListed)
    .map((profile) => profile.id);
  const pool: SpotlightCandidate[] = [];
  for (const uids of chunk(owners, MAX_IN_VALUES)) {
    const books = await firestore
      .collection('books')
      .where('user_id', 'in', uids)
      .where('is_public', '==', true)
      .select('user_id')
      .get();
    for (const doc of books.docs) {
      const owner: unknown = doc.get('user_id');
      if (typeof owner === 'string' && uids.includes(owner)) pool.push({ id: doc.id, user_id: owner });
    }
  }
  return pool;
}

/**
 * Chooses the Spotlight books for the UTC day of `now` and stores the state when it
 * changed. The state is read and written in one transaction, so two steps running at
 * once (the daily schedule and a publish) store one choice; the same day and pool
 * always give the same books.
 */
export async function rotateSpotlight(
  firestore: Firestore,
  now: Date,
  statePath: string = SPOTLIGHT_STATE_PATH,
): Promise<RotationResult> {
  const day = utcDay(now);
  const [{ shown, emptySlots }, eligible] = await Promise.all([
    adminSlots(firestore),
    spotlightPool(firestore),
  ]);
  const ref = firestore.doc(statePath);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    // A state that fails its schema is logged and the rotation starts afresh, rather than stopping for good.
    const state = (snap.exists ? tryParseDoc(spotlightStateSchema, snap) : null) ?? INITIAL_SPOTLIGHT_STATE;
    const choice = chooseSpotlight({ day, emptySlots, eligible, exclude: shown, state });
    if (choice.changed) tx.set(ref, choice.state);
    return { day, emptySlots, picks: choice.picks, changed: choice.changed };
  });
}
