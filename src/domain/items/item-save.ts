/**
 * What saving and deleting any owned item shares, below the kinds that use it: the one
 * save request, the builder of a kind's request schema, the admin-only switches, the
 * answer and the messages the editors show. Each kind's request is built in
 * src/domain/kinds/item-kinds.ts from its form schema, so this room names no kind's
 * fields and every kind above it (books, products/services, ads) can build on it.
 */
import { z } from 'zod';
import { idSchema, FIX_FORM_ERRORS_MESSAGE } from '../shared/common.ts';

/** Fields only an admin may send with an item (refused with 'permission-denied' for anyone else). */
export const itemAdminFieldsSchema = z.object({
  /** False hides the item from everyone but its owner and admins. */
  is_active: z.boolean(),
});

/**
 * A product's or service's admin-only fields: is_active, and is_featured, which
 * the marketplace's 'Featured First' sort puts first. (A book's featured flag
 * follows the home page's featured slots instead, so saveBook takes no is_featured.)
 */
export const productAdminFieldsSchema = itemAdminFieldsSchema.extend({
  /** True lists the item first under the marketplace's 'Featured First' sort. */
  is_featured: z.boolean(),
});

/**
 * The one save request every kind's function works on, whatever names its callable's
 * request gives the parts (src/domain/kinds/item-kinds.ts maps them): the item, its
 * owner when new, every editable field, and the admin-only switches.
 */
export interface ItemSaveRequest<Fields = Record<string, unknown>> {
  /** The item to change; absent to create one. */
  id?: string;
  /** Owner of a new item: the caller, or any member for an admin. Ignored for an existing item. */
  userId?: string;
  /** Every editable field (the form's values); null for an admin's save of switches alone. */
  fields: Fields | null;
  /** Admin-only fields of an existing item. */
  admin?: { is_active?: boolean; is_featured?: boolean };
}

/** What a kind's callable calls the item's id and its fields in a save request ('bookId', 'book'). */
export interface SaveRequestKeys<IdKey extends string, FieldsKey extends string> {
  id: IdKey;
  fields: FieldsKey;
}

/**
 * A kind's save request as its callable takes it: `{ [keys.id]?, userId?, [keys.fields],
 * admin? }`, the fields validated with the kind's form schema and the switches with
 * its admin schema, so a request the editor would refuse is refused by the function.
 */
export function saveRequestSchema<
  IdKey extends string,
  FieldsKey extends string,
  Fields extends z.ZodType,
  Admin extends z.ZodType,
>(keys: SaveRequestKeys<IdKey, FieldsKey>, fields: Fields, admin: Admin) {
  const shape = {
    [keys.id]: idSchema.optional(),
    userId: idSchema.optional(),
    [keys.fields]: fields,
    admin: admin.optional(),
  } as { [K in IdKey]: z.ZodOptional<typeof idSchema> } & { [K in FieldsKey]: Fields } & {
    userId: z.ZodOptional<typeof idSchema>;
    admin: z.ZodOptional<Admin>;
  };
  return z.object(shape);
}

/**
 * What a save returns: the item's id (new or the same), its new updated_at (ISO
 * 8601) and, for an ad, whether it waits for a moderator (a standing decision).
 */
export const saveItemResponseSchema = z.object({
  id: idSchema,
  updated_at: z.iso.datetime(),
  held: z.boolean().optional(),
});
/** A save's result. */
export type SaveItemResponse = z.infer<typeof saveItemResponseSchema>;

/** deleteBook / deleteProductService / deleteClassifiedAd: the item to delete. */
export const deleteItemRequestSchema = z.object({ id: idSchema });

/** Toasts and refusals the editors and functions share (wording fixed by the spec where it gives one). */
export const ITEM_MESSAGES = {
  bookAdded: 'Book added successfully!',
  bookUpdated: 'Book updated successfully!',
  bookDeleted: 'Book deleted successfully!',
  bookSaveFailed: 'Failed to save book.',
  bookDeleteFailed: 'Failed to delete book.',
  bookLoadFailed: 'Failed to load book',
  productUpdated: 'Product/service updated successfully!',
  productAdded: 'Product/service added successfully!',
  productDeleted: 'Product/service deleted successfully!',
  productSaveFailed: 'Failed to save product/service.',
  productDeleteFailed: 'Failed to delete product/service.',
  productLoadFailed: 'Failed to load product/service',
  adCreated: 'Classified ad created successfully!',
  adUpdated: 'Classified ad updated successfully!',
  adDeleted: 'Classified ad deleted successfully!',
  adSaveFailed: 'Failed to save classified ad.',
  adDeleteFailed: 'Failed to delete classified ad.',
  fixErrors: FIX_FORM_ERRORS_MESSAGE,
  notAllowed: 'Insufficient permissions to edit this item',
  notFound: 'This item no longer exists.',
} as const;
