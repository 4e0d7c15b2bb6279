/**
 * Mounts the shelf picker into the book page's `[data-shelf-picker-slot]`: loaded
 * by BookReviews.astro after the first paint, only for a signed-in, approved
 * member (by the session hint, which grants nothing: the setShelf function checks
 * the caller again).
 */
import { createRoot } from 'react-dom/client';
import ShelfPicker from './ShelfPicker.tsx';

/** Renders the picker for `bookId` (titled `bookTitle`) into `slot`. */
export function mountShelfPicker(slot: HTMLElement, bookId: string, bookTitle: string): void {
  createRoot(slot).render(<ShelfPicker bookId={bookId} bookTitle={bookTitle} />);
}
