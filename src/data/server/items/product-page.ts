// Everything /product-service/{id} shows, in at most two reads: the item, then its
// seller's profile (the seller block, and the rule that an item is public only
// while it is active, not hidden by moderation and its owner is active and
// approved: isItemPublic, src/domain/accounts/visibility.ts).
import type { Firestore } from 'firebase-admin/firestore';
import { isItemIdShape } from '../../../domain/items/owned-item.ts';
import { productServiceSchema, type ProductService } from '../../../domain/items/product-service.ts';
import type { Profile } from '../../../domain/accounts/profile.ts';
import { isItemPublic, isItemShown } from '../../../domain/accounts/visibility.ts';
import { tryParseDoc } from '../../firestore-convert.ts';
import { getDb } from '../shared/firestore.ts';
import { getProfileById } from '../accounts/profiles.ts';
import { meterReads } from '../shared/read-meter.ts';

/** What the product page renders for an id. */
export type ProductPageData =
  { kind: 'found'; item: ProductService; seller: Profile } | { kind: 'not-found' };

/** Loads the public product/service page of `id`. */
export async function loadProductPage(id: string, db: Firestore = getDb()): Promise<ProductPageData> {
  if (!isItemIdShape(id)) return { kind: 'not-found' };
  const snap = await db.collection('products_services').doc(id).get();
  meterReads(1);
  const item = snap.exists ? tryParseDoc(productServiceSchema, snap) : null;
  if (!item || !isItemShown(item)) return { kind: 'not-found' };
  const seller = await getProfileById(item.user_id, db);
  if (!seller || !isItemPublic(item, seller)) return { kind: 'not-found' };
  return { kind: 'found', item, seller };
}
