// The product/service editor's callables (product page, profile editor):
// saveProductService creates or replaces an item's editable fields (the numeric
// price is read from the text price when the editor sends none), and
// deleteProductService removes it. views_count starts at 0 and is changed only by
// the views endpoint. Both go through owned-items.ts (owner or admin, plan limit).
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { parsePriceNumeric, productServiceWriteSchema } from '../../../src/domain/items/product-service';
import { saveProductServiceRequestSchema, type SaveItemResponse } from '../../../src/domain/items/item-save';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { deleteItemCallable, itemCaller, removeUpload, saveOwnedItem, type ItemKind } from './owned-items';

/** How products/services are stored. */
export const PRODUCT_ITEM: ItemKind = {
  collection: 'products_services',
  limit: 'products_services',
  imageField: 'image_url',
  createDefaults: { views_count: 0 },
  check(written) {
    const parsed = productServiceWriteSchema.safeParse(written);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
  },
  derive(fields) {
    const numeric = fields.price_numeric;
    return typeof numeric === 'number'
      ? fields
      : { ...fields, price_numeric: parsePriceNumeric(fields.price as string | null | undefined) };
  },
};

/** Creates (no itemId) or saves a product/service; errors as saveBook's, with LIMIT_MESSAGES.products_services. */
export const saveProductService = guardedCall(
  'session',
  async (request, guard): Promise<SaveItemResponse> => {
    const caller = itemCaller(guard);
    const parsed = saveProductServiceRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
    const { itemId, userId, item, admin } = parsed.data;
    const saved = await saveOwnedItem(db(), PRODUCT_ITEM, caller, {
      id: itemId,
      userId,
      fields: item,
      admin,
    });
    await removeUpload(saved.oldUpload, { product: saved.id });
    logger.info('saveProductService: saved', { product: saved.id, by: caller.uid, created: saved.created });
    return { id: saved.id, updated_at: saved.updatedAt.toISOString() };
  },
  { signIn: 'Please sign in to save.' },
);

/** Deletes a product/service (owner or admin); see deleteItemCallable. */
export const deleteProductService = deleteItemCallable(PRODUCT_ITEM, {
  callable: 'deleteProductService',
  key: 'product',
});
