// Standing moderation decisions on members' updates and ads
// (moderation_standing/{uid}__{kind}, src/domain/shared/moderation-standing.ts):
// adminModeration records one in the hide's transaction and lifts it on restore;
// postAuthorUpdate and saveClassifiedAd read it in their transactions
// (functions/src/shared/moderation-hold.ts) and save held; adminHeldItems (held-items.ts) releases or rejects what is held, and
// releaseExpiredHolds releases what its period let go. These functions check
// nothing about the caller.
import { Timestamp, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { moderationStandingSchema, type StandingKind } from '../../../src/domain/shared/moderation-standing';
import { AUTHOR_UPDATES } from '../../../src/domain/updates/author-update';
import { AD_CONTACT_PATH } from '../../../src/domain/market/classified-ad';
import { profileCacheTag } from '../../../src/data/server/shared/cache-tags';
import { adTags, purgeCacheTags } from '../shared/cache-purge';
import { standingRef } from '../shared/moderation-hold';

/** The collection each kind's items live in. */
export const HELD_COLLECTIONS: Record<StandingKind, string> = {
  update: AUTHOR_UPDATES,
  ad: 'classified_ads',
};

/** Records, in `tx`, that the moderator `by` hid or rejected `uid`'s item `itemId` of `kind` now. */
export function recordStanding(
  tx: Transaction,
  firestore: Firestore,
  standing: { uid: string; kind: StandingKind; itemId: string; decision: 'hidden' | 'rejected'; by: string },
): void {
  const decision = moderationStandingSchema.parse({
    user_id: standing.uid,
    kind: standing.kind,
    item_id: standing.itemId,
    decision: standing.decision,
    decided_by: standing.by,
    decided_at: new Date(),
  });
  tx.set(standingRef(firestore, standing.uid, standing.kind), {
    ...decision,
    decided_at: Timestamp.fromDate(decision.decided_at),
  });
}

/**
 * Lifts, in `tx`, the decision `standing` (read earlier in the transaction) when
 * it was made about `itemId`: a moderator restored the item it hid. A decision
 * about another item (a later hide or rejection) stays.
 */
export function liftStandingFor(tx: Transaction, standing: DocumentSnapshot, itemId: string): boolean {
  if (!standing.exists || standing.get('item_id') !== itemId) return false;
  tx.delete(standing.ref);
  return true;
}

/** The fields that end an item's hold. */
const RELEASED = { moderation_held: false, held_until: null };

/** The pages that show an item of `kind` owned by `uid`, to purge when it is released. */
export function heldItemTags(kind: StandingKind, id: string, uid: string): string[] {
  return kind === 'ad' ? adTags(id) : [profileCacheTag(uid)];
}

/** What a decided held item was, for the audit entry. */
export type OnHeldDecided = (tx: Transaction, item: DocumentSnapshot) => void;

/**
 * Releases the held item `id` of `kind`: shown from now on (the collection's
 * trigger puts an ad in the market and search, and mails an update). Returns
 * false when it is not held (nothing changes). `onDecided` adds its writes.
 */
export async function releaseHeldItem(
  firestore: Firestore,
  kind: StandingKind,
  id: string,
  onDecided?: OnHeldDecided,
): Promise<boolean> {
  const ref = firestore.collection(HELD_COLLECTIONS[kind]).doc(id);
  const uid = await firestore.runTransaction(async (tx) => {
    const item = await tx.get(ref);
    if (!item.exists || item.get('moderation_held') !== true) return null;
    tx.update(ref, RELEASED);
    onDecided?.(tx, item);
    return String(item.get('user_id'));
  });
  if (uid === null) return false;
  await purgeCacheTags(heldItemTags(kind, id, uid));
  return true;
}

/**
 * Rejects the held item `id` of `kind` for the moderator `by`: it is deleted
 * (an ad with its contact details; its photo goes with the classified_ads
 * trigger) and the decision on its member renewed, so their next item is held
 * for a whole period again. Returns false when it is not held.
 */
export async function rejectHeldItem(
  firestore: Firestore,
  kind: StandingKind,
  id: string,
  by: string,
  onDecided?: OnHeldDecided,
): Promise<boolean> {
  const ref = firestore.collection(HELD_COLLECTIONS[kind]).doc(id);
  return firestore.runTransaction(async (tx) => {
    const item = await tx.get(ref);
    if (!item.exists || item.get('moderation_held') !== true) return false;
    tx.delete(ref);
    if (kind === 'ad') tx.delete(ref.collection(AD_CONTACT_PATH.collection).doc(AD_CONTACT_PATH.doc));
    recordStanding(tx, firestore, {
      uid: String(item.get('user_id')),
      kind,
      itemId: id,
      decision: 'rejected',
      by,
    });
    onDecided?.(tx, item);
    return true;
  });
}

/** Most held items of one kind released per run of releaseExpiredHolds. */
const EXPIRED_PAGE = 200;

/**
 * Releases every held update and ad whose `held_until` is past at `now` (the
 * standing decision's period ran out before a moderator decided), each in its
 * own transaction that looks again, so an item a moderator decided meanwhile
 * is left as they left it. Returns how many were released.
 */
export async function releaseExpiredHolds(firestore: Firestore, now: Date = new Date()): Promise<number> {
  let released = 0;
  for (const kind of Object.keys(HELD_COLLECTIONS) as StandingKind[]) {
    const collection = firestore.collection(HELD_COLLECTIONS[kind]);
    // One field's range: held_until is set only while an item is held (no composite index).
    const due = await collection
      .where('held_until', '<=', Timestamp.fromDate(now))
      .orderBy('held_until')
      .limit(EXPIRED_PAGE)
      .select()
      .get();
    for (const doc of due.docs) {
      const uid = await firestore.runTransaction(async (tx) => {
        const item = await tx.get(doc.ref);
        const until = item.get('held_until') as Timestamp | null | undefined;
        if (item.get('moderation_held') !== true || !until || until.toMillis() > now.getTime()) {
          // Not held (or no longer due): only a stale end to clear, which shows nothing.
          if (item.exists && item.get('moderation_held') !== true && until) tx.update(doc.ref, RELEASED);
          return null;
        }
        tx.update(doc.ref, RELEASED);
        return String(item.get('user_id'));
      });
      if (uid === null) continue;
      released += 1;
      await purgeCacheTags(heldItemTags(kind, doc.id, uid));
      logger.info('releaseExpiredHolds: released', { kind, id: doc.id });
    }
  }
  return released;
}
