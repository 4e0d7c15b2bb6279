/**
 * The callable functions that write the items a member owns (books,
 * products/services and classified ads) outside the profile editor's save (the
 * book page's and product page's editors, the profile editor's Products &
 * Services section, the ad form): their requests, answers and the messages the
 * editors show. The server validates with these same schemas
 * (the entity's form schema), so a request the editor would refuse is refused
 * there too, and creation counts against the plan limit in the same
 * transaction that writes the item.
 */
import { z } from 'zod';
import { bookFormSchema } from '../books/book.ts';
import { classifiedAdFormSchema } from '../market/classified-ad.ts';
import { idSchema, FIX_FORM_ERRORS_MESSAGE } from '../shared/common.ts';
import { productServiceFormSchema } from './product-service.ts';

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

/** saveBook: create (no bookId) or replace the editable fields of a book. */
export const saveBookRequestSchema = z.object({
  /** The book to change; absent to create one. */
  bookId: idSchema.optional(),
  /** Owner of a new book: the caller, or any member for an admin. Ignored for an existing book. */
  userId: idSchema.optional(),
  /** Every editable field (the form's values). */
  book: bookFormSchema,
  /** Admin-only fields of an existing book. */
  admin: itemAdminFieldsSchema.partial().optional(),
});
/** saveBook's request as sent. */
export type SaveBookRequest = z.input<typeof saveBookRequestSchema>;

/** saveProductService: create or replace the editable fields of a product/service. */
export const saveProductServiceRequestSchema = z.object({
  /** The item to change; absent to create one. */
  itemId: idSchema.optional(),
  /** Owner of a new item: the caller, or any member for an admin. */
  userId: idSchema.optional(),
  /** Every editable field (the form's values). */
  item: productServiceFormSchema,
  /** Admin-only fields of an existing item. */
  admin: productAdminFieldsSchema.partial().optional(),
});
/** saveProductService's request as sent. */
export type SaveProductServiceRequest = z.input<typeof saveProductServiceRequestSchema>;

/**
 * saveClassifiedAd: create (no adId) or replace the editable fields of a
 * classified ad, its contact details included (stored beside the ad, for
 * members only). An admin may send only `admin` for an existing ad (the ad
 * page's Featured switch), leaving its content as it is.
 */
export const saveClassifiedAdRequestSchema = z
  .object({
    /** The ad to change; absent to create one. */
    adId: idSchema.optional(),
    /** Seller of a new ad: the caller, or any member for an admin. */
    userId: idSchema.optional(),
    /** Every editable field (the form's values); absent only with `admin` on an existing ad. */
    ad: classifiedAdFormSchema.optional(),
    /** Admin-only fields of an existing ad. */
    admin: productAdminFieldsSchema.partial().optional(),
  })
  .refine(
    (request) => request.ad !== undefined || (request.adId !== undefined && request.admin !== undefined),
    {
      message: "The ad's fields are required.",
      path: ['ad'],
    },
  );
/** saveClassifiedAd's request as sent. */
export type SaveClassifiedAdRequest = z.input<typeof saveClassifiedAdRequestSchema>;

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
