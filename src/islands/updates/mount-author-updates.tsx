/**
 * Mounts the owner's update tools into a profile page: loaded by
 * AuthorUpdatesLoader.astro only for a visitor whose session hint says they own
 * the page, after the page has painted.
 */
import { createRoot } from 'react-dom/client';
import AuthorUpdateTools, { type DeleteSlot } from './AuthorUpdateTools.tsx';

/** Renders the tools into the page's form slot, with a Delete in each update's slot. */
export function mountAuthorUpdates(root: HTMLElement, userId: string, slug: string): void {
  const formSlot = root.querySelector<HTMLElement>('[data-author-update-form-slot]');
  if (!formSlot) return;
  const deleteSlots = [...root.querySelectorAll<HTMLElement>('[data-author-update-delete-slot]')].flatMap(
    (element): DeleteSlot[] => {
      const id = element.dataset.updateId;
      return id ? [{ element, id, title: element.dataset.updateTitle ?? '' }] : [];
    },
  );
  createRoot(formSlot).render(
    <AuthorUpdateTools
      userId={userId}
      slug={slug}
      hasUpdates={root.querySelector('[data-author-updates]') !== null}
      deleteSlots={deleteSlots}
    />,
  );
}
