// The read side of standing moderation decisions (moderation_standing/{uid}__{kind},
// src/domain/shared/moderation-standing.ts): every area whose saves a hide can hold
// (author updates, classified ads) reads the decision in its own transaction before
// writing; recording, lifting and releasing stay with the moderators' code in
// functions/src/admin/moderation-standing.ts.
import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  MODERATION_STANDING,
  moderationHoldDaysOf,
  standingHoldsUntil,
  standingId,
  type StandingKind,
} from '../../../src/domain/shared/moderation-standing';
import { COLLECTIONS, SITE_SETTINGS_DOC_ID } from '../../../src/domain/shared/collections';
import { toPlainData } from '../../../src/data/firestore-convert';

/** The standing decision's document of `uid` for `kind`. */
export function standingRef(firestore: Firestore, uid: string, kind: StandingKind) {
  return firestore.collection(MODERATION_STANDING).doc(standingId(uid, kind));
}

/** The end of the decision `standing` (read in the saving transaction) at `now` with the site's period, or null when none holds. */
export function holdOf(standing: DocumentSnapshot, settings: DocumentSnapshot, now: Date): Date | null {
  if (!standing.exists) return null;
  return standingHoldsUntil(
    toPlainData(standing.data()),
    moderationHoldDaysOf(settings.get('moderation_hold_days')),
    now,
  );
}

/** Reads, in `tx`, the end of the decision on `uid`'s `kind` that holds at `now`, or null (reads only: call before any write). */
export async function readHold(
  tx: Transaction,
  firestore: Firestore,
  uid: string,
  kind: StandingKind,
  now: Date,
): Promise<Date | null> {
  const [standing, settings] = await Promise.all([
    tx.get(standingRef(firestore, uid, kind)),
    tx.get(firestore.collection(COLLECTIONS.siteSettings).doc(SITE_SETTINGS_DOC_ID)),
  ]);
  return holdOf(standing, settings, now);
}
