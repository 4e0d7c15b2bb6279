/**
 * Mounts the book page's edit mode: loaded by BookEditLoader.astro only for a
 * visitor whose session hint says they may edit this book (or, on a not-found
 * page, for any signed-in member: the owner of a disabled book is not named
 * there), after the page has painted.
 */
import { createRoot } from 'react-dom/client';
import BookPageEditor from './BookPageEditor.tsx';

/** Renders edit mode into `root`'s `[data-book-edit-slot]` (or at its top); the rest of `root` is the view edit mode hides. */
export function mountBookEditor(root: HTMLElement, bookId: string): void {
  let host = root.querySelector<HTMLElement>('[data-book-edit-slot]');
  if (!host) {
    host = document.createElement('div');
    root.prepend(host);
  }
  const slot = host;
  const view = [...root.children].filter(
    (child): child is HTMLElement => child instanceof HTMLElement && !child.contains(slot),
  );
  const setViewHidden = (hidden: boolean) => {
    for (const element of view) element.hidden = hidden;
  };
  createRoot(slot).render(<BookPageEditor bookId={bookId} setViewHidden={setViewHidden} />);
}
