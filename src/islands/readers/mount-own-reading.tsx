/**
 * Mounts the owner's reading tools into the profile's `[data-own-reading-slot]`:
 * loaded by ReadingJournalLoader.astro after the first paint, only for the
 * page's owner by the session hint (which grants nothing).
 */
import { createRoot } from 'react-dom/client';
import OwnReading from './OwnReading.tsx';

/** Renders the tools of member `uid` into `slot`. */
export function mountOwnReading(slot: HTMLElement, uid: string): void {
  createRoot(slot).render(<OwnReading uid={uid} />);
}
