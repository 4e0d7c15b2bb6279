// How a product/service saves, as one entry of the owned-item kinds
// (functions/src/kinds/item-kinds.ts runs it through owned-items.ts): the numeric
// price the marketplace sorts on is read from the text price when the editor sends
// none, so every item sorts by price however it was saved; views_count starts at 0
// and only the views endpoint changes it.
import { HttpsError } from 'firebase-functions/v2/https';
import { parsePriceNumeric, productServiceWriteSchema } from '../../../src/domain/items/product-service';
import { describeIssue } from '../../../src/domain/accounts/profile-save';
import type { ItemKind } from './owned-items';

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
