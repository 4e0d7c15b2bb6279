// The classified ad form's callables (/classifieds/create, /classifieds/{id}/edit)
// and the ad page's admin switches: saveClassifiedAd creates or replaces an ad's
// editable fields with its contact details (kept beside the ad, in
// classified_ads/{id}/private/contact, which only members in good standing read),
// or, for an admin, switches an existing ad's is_active and is_featured alone;
// deleteClassifiedAd removes the ad and its contact details. Both go through
// owned-items.ts like books and products/services (owner or admin, never the
// moderation flag). A seller under a moderator's standing decision on their ads
// saves held (holdUnderStanding). Ads count against no plan limit. views_count starts at 0 and
// is changed only by the views endpoint; the classified_ads trigger removes a
// replaced or deleted photo (market-index.ts), whoever wrote the ad.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp } from 'firebase-admin/firestore';
import { AD_CONTACT_PATH, classifiedAdWriteSchema } from '../../../src/domain/market/classified-ad';
import { saveClassifiedAdRequestSchema, type SaveItemResponse } from '../../../src/domain/items/item-save';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import {
  deleteItemCallable,
  itemCaller,
  saveOwnedItem,
  type ItemCaller,
  type ItemKind,
} from '../items/owned-items';
import { adSaveChange, decideHeldSave } from '../../../src/domain/shared/moderation-standing';
import { readHold } from '../shared/moderation-hold';

/** How classified ads are stored. */
export const AD_ITEM: ItemKind = {
  collection: 'classified_ads',
  limit: null,
  imageField: 'image_url',
  sidecar: { ...AD_CONTACT_PATH, fields: ['contact_info'] },
  pictureTidiedByTrigger: true,
  createDefaults: { views_count: 0 },
  check(written) {
    const parsed = classifiedAdWriteSchema.safeParse(written);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
  },
};

/**
 * The hold of a standing decision (moderation_standing, read in the save's
 * transaction): a seller whose ad a moderator hid saves new ads, and edits that
 * change what buyers read, held for moderation (decideHeldSave), so deleting the
 * hidden ad and posting it again, or rewriting a shown ad, lands in the queue.
 * An admin's save of another member's ad keeps the ad's hold as it is.
 * `held.value` is set to the ad's held state as saved.
 */
function holdUnderStanding(
  caller: ItemCaller,
  contactAfter: unknown,
  held: { value: boolean },
): NonNullable<ItemKind['onSave']> {
  return async (tx, firestore, save) => {
    const ref = firestore.collection(AD_ITEM.collection).doc(save.id);
    const wasHeld = save.before?.moderation_held === true;
    held.value = wasHeld;
    if (caller.admin && caller.uid !== save.ownerUid) return () => undefined;
    const [holdsUntil, contact] = await Promise.all([
      readHold(tx, firestore, save.ownerUid, 'ad', new Date()),
      save.before
        ? tx.get(ref.collection(AD_CONTACT_PATH.collection).doc(AD_CONTACT_PATH.doc))
        : Promise.resolve(null),
    ]);
    const change = adSaveChange(save.before, save.after, contact?.get('contact_info'), contactAfter);
    const fields = decideHeldSave(holdsUntil, change, wasHeld);
    held.value = fields.moderation_held;
    const storedUntil = save.before?.held_until as Timestamp | null | undefined;
    const same =
      fields.moderation_held === wasHeld &&
      (fields.held_until?.getTime() ?? null) === (storedUntil?.toMillis?.() ?? null);
    if (same) return () => undefined;
    return () =>
      tx.update(ref, {
        moderation_held: fields.moderation_held,
        held_until: fields.held_until ? Timestamp.fromDate(fields.held_until) : null,
      });
  };
}

/**
 * Creates (no adId) or saves a classified ad; errors: unauthenticated ('Please
 * sign in to save.'), invalid-argument (the form's first message), not-found,
 * permission-denied (not the seller or an admin; a seller not verified, approved
 * and active; admin-only fields from anyone else).
 */
export const saveClassifiedAd = guardedCall(
  'session',
  async (request, guard): Promise<SaveItemResponse> => {
    const caller = itemCaller(guard);
    const parsed = saveClassifiedAdRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const { adId, userId, ad, admin } = parsed.data;
    const held = { value: false };
    const kind: ItemKind = { ...AD_ITEM, onSave: holdUnderStanding(caller, ad?.contact_info, held) };
    const saved = await saveOwnedItem(db(), kind, caller, {
      id: adId,
      userId,
      fields: ad ?? null,
      admin,
    });
    logger.info('saveClassifiedAd: saved', {
      ad: saved.id,
      by: caller.uid,
      created: saved.created,
      held: held.value,
    });
    return { id: saved.id, updated_at: saved.updatedAt.toISOString(), held: held.value };
  },
  { signIn: 'Please sign in to save.' },
);

/** Deletes a classified ad and its contact details (seller or admin); see deleteItemCallable. */
export const deleteClassifiedAd = deleteItemCallable(AD_ITEM, { callable: 'deleteClassifiedAd', key: 'ad' });
