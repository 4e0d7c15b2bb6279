/**
 * The announcement the client repositories make when a request finds this
 * browser's session ended (callFunction, writeWithSession, a password change
 * that could not sign in again). The data layer only announces it: what the
 * page then does (keep drafts, sign out, open the sign-in screen) is
 * src/lib/session-ended.ts, which the account script (AccountAreaScript.astro)
 * sets listening on every page where a member is signed in. Kept in a module
 * of its own, importing nothing, so that script can name the event without
 * loading the Firebase SDK.
 */

/** Dispatched on document when a request finds the session ended. */
export const SESSION_ENDED_EVENT = 'shelfmark:session-ended';
