/**
 * What this browser does when its session was ended elsewhere (a password
 * change or reset, signing out everywhere, a confirmed email change, a
 * deactivation): a callable answers UNAUTHENTICATED with SESSION_ENDED_MESSAGE,
 * or Firestore refuses a write and Firebase Auth refuses to renew the token.
 * The client repositories announce it from one place (SESSION_ENDED_EVENT, from
 * callFunction and writeWithSession) and leaveOnEndedSession answers it;
 * islands only keep their drafts (kept-draft.ts).
 */
import { SESSION_ENDED_EVENT } from '../data/client/shared/session-ended-event.ts';
import { SESSION_ENDING_EVENT } from './kept-draft.ts';
import { rememberReturnPath } from './return-to.ts';
import { clearHint } from './session-hint.ts';

let leaving = false;

/**
 * Keeps the page's unsaved drafts, signs this browser out, and opens the
 * sign-in screen, which says 'Your session has ended. Please log in again.'
 * (SESSION_ENDED_MESSAGE, on /auth?session=ended); signing in again returns to this
 * page. Runs once per page, however many calls were refused.
 */
export async function leaveEndedSession(): Promise<void> {
  if (leaving) return;
  leaving = true;
  document.dispatchEvent(new CustomEvent(SESSION_ENDING_EVENT));
  try {
    const { signOut } = await import('../data/client/shared/auth.ts');
    await signOut();
  } catch (error) {
    // Already signed out by the SDK (it drops a session whose token cannot be renewed).
    console.warn('Signing out after the session ended failed', error);
  }
  clearHint();
  rememberReturnPath();
  location.assign('/auth?session=ended');
}

/**
 * Leaves the session when a client repository announces it ended. Called by
 * the account script (AccountAreaScript.astro), which runs on every page where
 * a member is signed in or signs in, the only pages where a session can end.
 */
export function leaveOnEndedSession(): void {
  document.addEventListener(SESSION_ENDED_EVENT, () => void leaveEndedSession());
}
