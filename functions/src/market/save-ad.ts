// How a classified ad saves, as one entry of the owned-item kinds
// (functions/src/kinds/item-kinds.ts runs it through owned-items.ts, like books and
// products/services). Its contact details are kept beside the ad, in
// classified_ads/{id}/private/contact, because visitors read the ad and only members
// in good standing may read how to reach the seller. A seller under a moderator's
// standing decision on their ads saves held (holdUnderStanding), so a hidden ad posted
// again lands in the queue. Ads count against no plan limit; the classified_ads
// trigger removes a replaced or deleted photo (market-index.ts), whoever wrote the ad.
import { HttpsError } from 'firebase-functions/v2/https';
import { Timestamp } from 'firebase-admin/firestore';
import { AD_CONTACT_PATH, classifiedAdWriteSchema } from '../../../src/domain/market/classified-ad';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import type { ItemCaller, ItemKind } from '../items/owned-items';
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
  // Whether the save is held depends on the seller's standing and on what changed,
  // contact details included, so each save gets its own hook; the answer says it.
  forSave(caller, save) {
    const held = { value: false };
    return {
      kind: { ...AD_ITEM, onSave: holdUnderStanding(caller, save.fields?.contact_info, held) },
      answer: () => ({ held: held.value }),
    };
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
