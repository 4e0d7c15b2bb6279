/**
 * Mounts the shelf picker into the book page's `[data-shelf-picker-slot]`: loaded
 * by BookReviews.astro after the first paint, only for a signed-in, approved
 * member (by the session hint, which grants nothing: the setShelf function checks
 * the caller again).
 */
import { createRoot } from 'react-dom/client';
import ShelfPicker from './ShelfPicker.tsx';

/** Renders the picker for `bookId` (titled `bookTitle`) into `slot`, without what the page marked off (`data-custom-shelves`, `data-journal`). */
export function mountShelfPicker(slot: HTMLElement, bookId: string, bookTitle: string): void {
  createRoot(slot).render(
    <ShelfPicker
      bookId={bookId}
      bookTitle={bookTitle}
      customShelves={slot.dataset.customShelves !== 'off'}
      journal={slot.dataset.journal !== 'off'}
    />,
  );
}
