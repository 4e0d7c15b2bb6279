/**
 * The owned kinds whose public page its owner (or an admin) edits in place: what each
 * page's not-found screen says and how wide it is. The page's root element names the
 * kind (`data-edit-kind`), the item (`data-{kind}-id`) and its owner
 * (`data-{kind}-user-id`, left out where the owner is not public, as on a not-found
 * page), and holds the `[data-{kind}-edit-slot]` the editor renders into. Adding a kind
 * here, with its editor in ItemEditLoader.astro (which will not compile without it),
 * gives it both.
 */
import { BOOK_NOT_FOUND } from '../../domain/books/book-page.ts';
import { PRODUCT_NOT_FOUND } from '../../domain/items/product-page.ts';

export const ITEM_PAGES = {
  book: { notFound: BOOK_NOT_FOUND, width: 'max-w-6xl' },
  product: { notFound: PRODUCT_NOT_FOUND, width: 'max-w-5xl' },
} as const;

/** A kind with an editable page. */
export type ItemPageKind = keyof typeof ITEM_PAGES;

/** The attributes of a page's root that ItemEditLoader.astro reads. */
export function itemRootAttributes(
  kind: ItemPageKind,
  itemId: string,
  ownerUid?: string,
): Record<string, string> {
  return {
    'data-edit-kind': kind,
    [`data-${kind}-id`]: itemId,
    ...(ownerUid ? { [`data-${kind}-user-id`]: ownerUid } : {}),
  };
}
