/**
 * Mounts the "take back what you added" panel into the book page's
 * `[data-own-entries-slot]`: loaded by OwnReadingEntries.astro after the first
 * paint, only for a signed-in member (by the session hint, which grants nothing:
 * the functions check the caller again).
 */
import { createRoot } from 'react-dom/client';
import OwnReadingEntries from './OwnReadingEntries.tsx';

/** Renders the panel for `bookId` into `slot`. */
export function mountOwnReadingEntries(slot: HTMLElement, bookId: string): void {
  createRoot(slot).render(<OwnReadingEntries bookId={bookId} />);
}
