/**
 * What a profile page's after-paint loaders (the inline editor, the owner's
 * update tools) check before they load anything: whose page this is, read from
 * the main content's data-profile-user-id, and the session hint. The hint grants
 * nothing; it only spares visitors the download.
 */
import { readHint, type SessionHint } from './session-hint.ts';

/** A profile page seen by a signed-in visitor. */
export interface ProfilePageVisit {
  /** The page's main content, carrying data-profile-user-id (and the page's other data attributes). */
  root: HTMLElement;
  /** The uid of the member whose page it is. */
  userId: string;
  /** The visitor's session hint. */
  hint: SessionHint;
}

/** The profile page and the visitor's hint; null off a profile page or without a hint. */
export function profilePageVisit(): ProfilePageVisit | null {
  const root = document.querySelector<HTMLElement>('[data-profile-user-id]');
  const userId = root?.dataset.profileUserId;
  const hint = readHint();
  return root && userId && hint ? { root, userId, hint } : null;
}
