/**
 * Mounts the owner's reading tools into the profile's `[data-own-reading-slot]`:
 * loaded by ReadingJournalLoader.astro after the first paint, only for the
 * page's owner by the session hint (which grants nothing).
 */
import { createRoot } from 'react-dom/client';
import CustomShelvesManager from './CustomShelvesManager.tsx';
import OwnReading from './OwnReading.tsx';

/**
 * Renders the tools of member `uid`, whose profile is at `profileSlug`, into `slot`:
 * their reading and their own shelves, each unless the page marked its switch off
 * (`data-journal`, `data-custom-shelves`).
 */
export function mountOwnReading(slot: HTMLElement, uid: string, profileSlug: string): void {
  createRoot(slot).render(
    <>
      {slot.dataset.journal !== 'off' && <OwnReading uid={uid} />}
      {slot.dataset.customShelves !== 'off' && <CustomShelvesManager uid={uid} profileSlug={profileSlug} />}
    </>,
  );
}
