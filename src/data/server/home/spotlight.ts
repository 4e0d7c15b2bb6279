import type { Firestore } from 'firebase-admin/firestore';
import { tryParseDoc } from '../../firestore-convert.ts';
import { bookSchema, type Book } from '../../../domain/books/book.ts';
import { profileSchema, type Profile } from '../../../domain/accounts/profile.ts';
import {
  SPOTLIGHT_STATE_PATH,
  isSpotlightEligible,
  spotlightStateSchema,
} from '../../../domain/home/spotlight.ts';
import { getDb } from '../shared/firestore.ts';
import { meterReads } from '../shared/read-meter.ts';

/**
 * The Spotlight books the home shows, in slot order: the books the rotation chose
 * for its latest day (site_meta/spotlight, written by the publish pipeline before
 * each build and by the daily rotation), less those that are no longer eligible
 * (hidden, or the member is no longer Premium, approved and active). The build
 * only reads: choosing is the rotation's job (functions/src/home/). Costs one
 * get and at most two getAll of a day's picks.
 */
export async function getSpotlightBooks(db: Firestore = getDb()): Promise<Book[]> {
  const stateSnap = await db.doc(SPOTLIGHT_STATE_PATH).get();
  meterReads(1);
  const state = stateSnap.exists ? tryParseDoc(spotlightStateSchema, stateSnap) : null;
  const ids = [...new Set(state?.picks ?? [])];
  if (ids.length === 0) return [];
  const bookSnaps = await db.getAll(...ids.map((id) => db.collection('books').doc(id)));
  meterReads(bookSnaps.length);
  const books = bookSnaps.flatMap((snap) => {
    const book = snap.exists ? tryParseDoc(bookSchema, snap) : null;
    return book?.is_public ? [book] : [];
  });
  const ownerIds = [...new Set(books.map((book) => book.user_id))];
  if (ownerIds.length === 0) return [];
  const ownerSnaps = await db.getAll(...ownerIds.map((uid) => db.collection('profiles').doc(uid)));
  meterReads(ownerSnaps.length);
  const owners = new Map<string, Profile>();
  for (const snap of ownerSnaps) {
    const profile = snap.exists ? tryParseDoc(profileSchema, snap) : null;
    if (profile) owners.set(profile.id, profile);
  }
  return books.filter((book) => isSpotlightEligible({ book, owner: owners.get(book.user_id) ?? null }));
}
