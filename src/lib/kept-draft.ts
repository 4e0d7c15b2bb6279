/**
 * Unsaved edits kept across the sign-in that follows an ended session: when
 * this browser's session was ended elsewhere (a password change, signing out
 * everywhere), the editors put their current values here before the page moves
 * to the sign-in screen, and take them back when the member returns to the same
 * page. Kept in sessionStorage: this tab only, gone with it.
 */

/** Dispatched on document just before an ended session leaves the page: editors keep their values then. */
export const SESSION_ENDING_EVENT = 'shelfmark:session-ending';

const PREFIX = 'shelfmark.kept-draft.';

/** The few Storage methods used (sessionStorage in the browser, a Map-backed fake in tests). */
export type KeptDraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keeps `values` as the unsaved draft of the editor named `key` ('book:abc', 'ad:new' …). */
export function keepDraft(key: string, values: unknown, storage: KeptDraftStorage = sessionStorage): void {
  try {
    storage.setItem(PREFIX + key, JSON.stringify(values));
  } catch {
    // Storage full or refused: the draft is lost, as it would have been before.
  }
}

/** True when a draft for `key` is waiting. */
export function hasKeptDraft(key: string, storage: KeptDraftStorage = sessionStorage): boolean {
  return storage.getItem(PREFIX + key) !== null;
}

/** The kept draft of `key` (forgotten once taken), or null when none or unreadable. */
export function takeKeptDraft<T>(key: string, storage: KeptDraftStorage = sessionStorage): T | null {
  const raw = storage.getItem(PREFIX + key);
  storage.removeItem(PREFIX + key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as T) : null;
  } catch {
    return null;
  }
}

/** Calls `keep` when the session ends on this page; returns the function that stops listening (for an effect's cleanup). */
export function onSessionEnding(keep: () => void): () => void {
  document.addEventListener(SESSION_ENDING_EVENT, keep);
  return () => document.removeEventListener(SESSION_ENDING_EVENT, keep);
}
