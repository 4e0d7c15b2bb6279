/**
 * The kinds of item a member owns, one entry each: the collection, the stored schema,
 * the two callables that save and delete it, and the names its save request gives the
 * item's id and fields. Every kind saves through one path with one request
 * (ItemSaveRequest, src/domain/items/item-save.ts); the callables keep their own
 * names and request keys because they are the contract with pages already in
 * browsers and CDN caches (docs/decisions.md, "One table of owned-item kinds").
 * This area sits above books and market so it may name them; a fourth kind is one
 * entry here and in the tables of the layers that show or save it.
 */
import { z } from 'zod';
import { bookFormSchema, bookSchema } from '../books/book.ts';
import {
  itemAdminFieldsSchema,
  productAdminFieldsSchema,
  saveRequestSchema,
  type ItemSaveRequest,
} from '../items/item-save.ts';
import { productServiceFormSchema, productServiceSchema } from '../items/product-service.ts';
import { classifiedAdFormSchema, classifiedAdSchema } from '../market/classified-ad.ts';

/** saveBook: create (no bookId) or replace the editable fields of a book. */
export const saveBookRequestSchema = saveRequestSchema(
  { id: 'bookId', fields: 'book' },
  bookFormSchema,
  itemAdminFieldsSchema.partial(),
);
/** saveBook's request as sent. */
export type SaveBookRequest = z.input<typeof saveBookRequestSchema>;

/** saveProductService: create (no itemId) or replace the editable fields of a product/service. */
export const saveProductServiceRequestSchema = saveRequestSchema(
  { id: 'itemId', fields: 'item' },
  productServiceFormSchema,
  productAdminFieldsSchema.partial(),
);
/** saveProductService's request as sent. */
export type SaveProductServiceRequest = z.input<typeof saveProductServiceRequestSchema>;

/**
 * saveClassifiedAd: create (no adId) or replace the editable fields of a classified ad,
 * its contact details included (stored beside the ad, for members only). An admin may
 * send only `admin` for an existing ad (the ad page's Featured switch), leaving its
 * content as it is.
 */
export const saveClassifiedAdRequestSchema = saveRequestSchema(
  { id: 'adId', fields: 'ad' },
  classifiedAdFormSchema.optional(),
  productAdminFieldsSchema.partial(),
).refine(
  (request) => request.ad !== undefined || (request.adId !== undefined && request.admin !== undefined),
  {
    message: "The ad's fields are required.",
    path: ['ad'],
  },
);
/** saveClassifiedAd's request as sent. */
export type SaveClassifiedAdRequest = z.input<typeof saveClassifiedAdRequestSchema>;

/** The table: each kind of owned item. */
export const ITEM_KINDS = {
  book: {
    collection: 'books',
    schema: bookSchema,
    saveCallable: 'saveBook',
    deleteCallable: 'deleteBook',
    keys: { id: 'bookId', fields: 'book' },
    request: saveBookRequestSchema,
  },
  product: {
    collection: 'products_services',
    schema: productServiceSchema,
    saveCallable: 'saveProductService',
    deleteCallable: 'deleteProductService',
    keys: { id: 'itemId', fields: 'item' },
    request: saveProductServiceRequestSchema,
  },
  ad: {
    collection: 'classified_ads',
    schema: classifiedAdSchema,
    saveCallable: 'saveClassifiedAd',
    deleteCallable: 'deleteClassifiedAd',
    keys: { id: 'adId', fields: 'ad' },
    request: saveClassifiedAdRequestSchema,
  },
} as const;

/** A kind's name in the table ('book', 'product', 'ad'): also its name in logs and the audit log. */
export type ItemKindName = keyof typeof ITEM_KINDS;

/** The save request a kind's callable takes, as sent. */
export type KindSaveRequest<K extends ItemKindName> = z.input<(typeof ITEM_KINDS)[K]['request']>;

/** The form fields a kind saves (as sent). */
export type KindFields<K extends ItemKindName> = NonNullable<
  KindSaveRequest<K>[(typeof ITEM_KINDS)[K]['keys']['fields'] & keyof KindSaveRequest<K>]
>;

/** The one save request from a kind's callable request (already parsed with the kind's `request`). */
export function toItemSave(kind: ItemKindName, request: Record<string, unknown>): ItemSaveRequest {
  const { keys } = ITEM_KINDS[kind];
  return {
    id: request[keys.id] as string | undefined,
    userId: request.userId as string | undefined,
    fields: (request[keys.fields] as Record<string, unknown> | undefined) ?? null,
    admin: request.admin as ItemSaveRequest['admin'],
  };
}

/** A kind's callable request from the one save request: an existing item by id, a new one by owner. */
export function toKindRequest<K extends ItemKindName>(
  kind: K,
  save: ItemSaveRequest<KindFields<K>>,
): KindSaveRequest<K> {
  const { keys } = ITEM_KINDS[kind];
  return {
    ...(save.id ? { [keys.id]: save.id } : save.userId ? { userId: save.userId } : {}),
    ...(save.fields ? { [keys.fields]: save.fields } : {}),
    ...(save.admin ? { admin: save.admin } : {}),
  } as KindSaveRequest<K>;
}
