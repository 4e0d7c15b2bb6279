// The held updates and ads' callable (src/domain/admin/admin-held-items.ts): what
// members under a standing moderation decision saved, one kind at a time, the
// soonest released on their own first, a page at a time with how many wait; and
// the admin's release or reject of one. Admins only (guardedCall). Each decision
// writes its audit entry (the admin, the item, the reason) in the deciding
// transaction (moderation-standing.ts); an item no longer held is answered
// `decided: false` and logs nothing. Also releaseExpiredHoldsHourly, which lets
// go what a decision's period no longer holds.
import { HttpsError } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import {
  adminHeldItemsRequestSchema,
  heldItemEntryOf,
  heldItemTitle,
  HELD_ITEMS_LIST_PAGE,
  type AdminHeldItemsResponse,
  type HeldItemDecision,
} from '../../../src/domain/admin/admin-held-items';
import type { StandingKind } from '../../../src/domain/shared/moderation-standing';
import { toPlainData } from '../../../src/data/firestore-convert';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import {
  HELD_COLLECTIONS,
  rejectHeldItem,
  releaseExpiredHolds,
  releaseHeldItem,
  type OnHeldDecided,
} from './moderation-standing';
import { auditInTransaction } from '../shared/audit';

/** One page of the held items of `kind` after the item `after`, with the next page's cursor and the count held now. */
export async function heldItemsPage(
  firestore: Firestore,
  kind: StandingKind,
  after?: string,
): Promise<Extract<AdminHeldItemsResponse, { items: unknown }>> {
  const collection = firestore.collection(HELD_COLLECTIONS[kind]);
  // held_until is set only while an item is held: one field's range, no composite index.
  const held = collection.where('held_until', '>=', Timestamp.fromMillis(0));
  let query = held.orderBy('held_until').limit(HELD_ITEMS_LIST_PAGE + 1);
  if (after) {
    const last = await collection.doc(after).get();
    if (last.exists && last.get('held_until')) query = query.startAfter(last);
  }
  const [page, waiting] = await Promise.all([query.get(), held.count().get()]);
  const shown = page.docs.slice(0, HELD_ITEMS_LIST_PAGE);
  return {
    items: shown
      .filter((doc) => doc.get('moderation_held') === true)
      .map((doc) => heldItemEntryOf(kind, doc.id, toPlainData(doc.data()) as Record<string, unknown>)),
    next: page.docs.length > HELD_ITEMS_LIST_PAGE ? (shown.at(-1)?.id ?? null) : null,
    waiting: waiting.data().count,
  };
}

/** The audit entry of `actorUid`'s decision on a held item, written in the deciding transaction. */
function auditDecision(
  firestore: Firestore,
  actorUid: string,
  kind: StandingKind,
  action: HeldItemDecision,
  reason: string,
): OnHeldDecided {
  return (tx, item: DocumentSnapshot) => {
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    auditInTransaction(tx, firestore, {
      actorUid,
      action: `held-item-${action}`,
      targetUid: text(item.get('user_id')) || null,
      before: { moderation_held: true },
      after: {
        item_kind: kind,
        item_id: item.id,
        item_title: heldItemTitle(kind, text(item.get('title'))),
        reason,
        moderation_held: action === 'release' ? false : 'deleted',
      },
    });
  };
}

/** Releases or rejects the held item for the admin `actorUid`; false when it is no longer held. */
export function decideHeldItem(
  firestore: Firestore,
  actorUid: string,
  request: { action: HeldItemDecision; kind: StandingKind; id: string; reason: string },
): Promise<boolean> {
  const { action, kind, id, reason } = request;
  const onDecided = auditDecision(firestore, actorUid, kind, action, reason);
  return action === 'release'
    ? releaseHeldItem(firestore, kind, id, onDecided)
    : rejectHeldItem(firestore, kind, id, actorUid, onDecided);
}

/**
 * The admin dashboard's held updates and ads, for admins only. Request:
 * adminHeldItemsRequestSchema ({ action: 'list', kind, after? }, or 'release' /
 * 'reject' of one item with the admin's reason, required to reject). Errors:
 * unauthenticated / permission-denied, invalid-argument.
 */
export const adminHeldItems = guardedCall(
  'admin',
  async (request, caller): Promise<AdminHeldItemsResponse> => {
    const parsed = adminHeldItemsRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    const data = parsed.data;
    try {
      if (data.action === 'list') return await heldItemsPage(db(), data.kind, data.after);
      const decided = await decideHeldItem(db(), caller.uid, data);
      if (!decided)
        logger.info('adminHeldItems: the item was no longer held', {
          action: data.action,
          kind: data.kind,
          id: data.id,
        });
      return { action: data.action, decided };
    } catch (error) {
      logger.error('adminHeldItems failed', { action: data.action, error });
      throw new HttpsError('internal', 'The action failed. Please try again.');
    }
  },
);

/** Hourly: releases the held updates and ads whose standing decision's period has passed. */
export const releaseExpiredHoldsHourly = onSchedule('every 60 minutes', async () => {
  const released = await releaseExpiredHolds(db());
  logger.info('releaseExpiredHolds: done', { released });
});
