// The classified ad form's callables (/classifieds/create, /classifieds/{id}/edit)
// and the ad page's admin switches: saveClassifiedAd creates or replaces an ad's
// editable fields with its contact details (kept beside the ad, in
// classified_ads/{id}/private/contact, which only members in good standing read),
// or, for an admin, switches an existing ad's is_active and is_featured alone;
// deleteClassifiedAd removes the ad and its contact details. Both go through
// owned-items.ts like books and products/services (owner or admin, never the
// moderation flag). Ads count against no plan limit. views_count starts at 0 and
// is changed only by the views endpoint; the classified_ads trigger removes a
// replaced or deleted photo (market-index.ts), whoever wrote the ad.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { AD_CONTACT_PATH, classifiedAdWriteSchema } from '../../../src/domain/market/classified-ad';
import { saveClassifiedAdRequestSchema, type SaveItemResponse } from '../../../src/domain/items/item-save';
import { describeIssue } from '../../../src/domain/members/profile-save';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { deleteItemCallable, itemCaller, saveOwnedItem, type ItemKind } from '../items/owned-items';

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
    const saved = await saveOwnedItem(db(), AD_ITEM, caller, {
      id: adId,
      userId,
      fields: ad ?? null,
      admin,
    });
    logger.info('saveClassifiedAd: saved', { ad: saved.id, by: caller.uid, created: saved.created });
    return { id: saved.id, updated_at: saved.updatedAt.toISOString() };
  },
  { signIn: 'Please sign in to save.' },
);

/** Deletes a classified ad and its contact details (seller or admin); see deleteItemCallable. */
export const deleteClassifiedAd = deleteItemCallable(AD_ITEM, { callable: 'deleteClassifiedAd', key: 'ad' });
