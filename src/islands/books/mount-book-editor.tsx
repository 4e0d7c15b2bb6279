/**
 * Mounts the book page's edit mode: loaded by ItemEditLoader.astro only for a
 * visitor whose session hint says they may edit this book (or, on a not-found
 * page, for any signed-in member: the owner of a disabled book is not named
 * there), after the page has painted.
 */
import { mountOwnedItemEditor } from '../items/mount-owned-item-editor.tsx';
import { bookKind } from './book-kind.ts';

/** Renders edit mode into `root`'s `[data-book-edit-slot]` (or at its top); the rest of `root` is the view edit mode hides. */
export function mountBookEditor(root: HTMLElement, bookId: string): void {
  mountOwnedItemEditor(bookKind, root, bookId);
}
