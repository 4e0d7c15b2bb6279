/**
 * Mounts the product/service page's edit mode: loaded by ItemEditLoader.astro
 * only for a visitor whose session hint says they may edit, after the first paint.
 */
import { mountOwnedItemEditor } from './mount-owned-item-editor.tsx';
import { productKind } from './product-kind.ts';

/** Renders edit mode into `root`'s `[data-product-edit-slot]`; the rest of `root` is the view edit mode hides. */
export function mountProductEditor(root: HTMLElement, itemId: string): void {
  mountOwnedItemEditor(productKind, root, itemId);
}
