// A member's public items for their profile page: active books and active
// products/services, newest first, each list bounded. The owner's own state is
// checked by the caller (the page only exists for an active, approved member), so
// isItemShown here (active, not hidden by moderation) completes the rule that an
// item is public only while it and its owner are (src/domain/accounts/visibility.ts). Each
// list is one indexed query (user_id, is_active, created_at desc;
// firestore.indexes.json); an item hidden by moderation is dropped after the
// query (so a list may hold fewer than `limit`), and a document that fails its
// schema is left out and logged.
import type { Firestore } from 'firebase-admin/firestore';
import type { ZodType } from 'zod';
import { bookSchema, type Book } from '../../../domain/books/book.ts';
import { productServiceSchema, type ProductService } from '../../../domain/items/product-service.ts';
import { isItemShown, type ItemVisibility } from '../../../domain/accounts/visibility.ts';
import { parseDocs } from '../../firestore-convert.ts';
import { getDb } from '../shared/firestore.ts';
import { meterQuery } from '../shared/read-meter.ts';

/** One owner's active documents of `collection`, newest first, at most `limit`, parsed with `schema`. */
async function activeItemsOf<T extends ItemVisibility>(
  collection: string,
  schema: ZodType<T>,
  uid: string,
  limit: number,
  db: Firestore,
): Promise<T[]> {
  const snap = await db
    .collection(collection)
    .where('user_id', '==', uid)
    .where('is_active', '==', true)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .get();
  meterQuery(snap);
  return parseDocs(schema, snap.docs).filter(isItemShown);
}

/** The member's active books, newest first, at most `limit`. */
export function getActiveBooksOf(uid: string, limit: number, db: Firestore = getDb()): Promise<Book[]> {
  return activeItemsOf('books', bookSchema, uid, limit, db);
}

/** The member's active products and services, newest first, at most `limit`. */
export function getActiveProductsOf(
  uid: string,
  limit: number,
  db: Firestore = getDb(),
): Promise<ProductService[]> {
  return activeItemsOf('products_services', productServiceSchema, uid, limit, db);
}
