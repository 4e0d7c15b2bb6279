/**
 * Recognising a session that was ended elsewhere, for every request the site
 * makes: callables answer UNAUTHENTICATED with SESSION_ENDED_MESSAGE (see
 * callFunction); the Firestore rules answer a plain permission-denied, so a
 * refused write checks whether this browser's session still stands: the
 * profile's session stamp against the token's sign-in time, then Firebase
 * Auth's refusal to renew a revoked token (auth/user-token-expired). Either way
 * this module announces SESSION_ENDED_EVENT, and src/lib/session-ended.ts,
 * listening, leaves the session (the data layer imports nothing above it).
 */
import { FirebaseError } from 'firebase/app';
import {
  SESSION_ENDED_MESSAGE,
  SESSION_STAMP_FIELD,
  sessionStillValid,
} from '../../../domain/shared/caller-standing.ts';
import { SESSION_ENDED_EVENT } from './session-ended-event.ts';

/** Thrown by writeWithSession when the write failed because the session was ended (the page is leaving for the sign-in screen). */
export class SessionEndedError extends Error {
  constructor() {
    super(SESSION_ENDED_MESSAGE);
    this.name = 'SessionEndedError';
  }
}

/** The Auth codes that mean the session cannot go on: revoked or expired, disabled, deleted. */
const ENDED_CODES = new Set([
  'auth/user-token-expired',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/invalid-user-token',
]);

/** True when a callable's error says the caller's session was ended. */
export function isSessionEndedAnswer(code: string, message: string): boolean {
  return code === 'unauthenticated' && message === SESSION_ENDED_MESSAGE;
}

/**
 * True when this browser's session was ended: it is signed out, or the token it
 * holds was issued before the profile's session stamp (the rule firestore.rules
 * applies, sessionStillValid), or Firebase Auth refuses to renew it. The stamp
 * is compared with the token the refused write carried, before any renewal.
 */
export async function sessionWasEnded(): Promise<boolean> {
  // Loaded here, not at the top: callFunction imports this module on pages that never sign in or write.
  const { authInstance } = await import('./auth.ts');
  const auth = authInstance();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return true;
  let authTime: number;
  try {
    authTime = Number((await user.getIdTokenResult()).claims.auth_time ?? 0);
  } catch (error) {
    // An expired token had to be renewed, and Auth refused.
    return error instanceof FirebaseError && ENDED_CODES.has(error.code);
  }
  const [{ doc, getDoc }, { db }] = await Promise.all([
    import('firebase/firestore/lite'),
    import('./firestore.ts'),
  ]);
  try {
    const stamp = (await getDoc(doc(db(), 'profiles', user.uid))).get(SESSION_STAMP_FIELD) as
      { toMillis?: unknown } | undefined;
    const cut = typeof stamp?.toMillis === 'function' ? (stamp.toMillis as () => number)() : null;
    if (!sessionStillValid(authTime, cut)) return true;
  } catch (error) {
    if (error instanceof FirebaseError && error.code === 'permission-denied') return true;
    throw error;
  }
  try {
    await user.getIdToken(true);
    return false;
  } catch (error) {
    return error instanceof FirebaseError && ENDED_CODES.has(error.code);
  }
}

/** Announces that the session was ended: the page's listener (src/lib/session-ended.ts) keeps its drafts and opens the sign-in screen. */
export function leaveSession(): void {
  document.dispatchEvent(new CustomEvent(SESSION_ENDED_EVENT));
}

/**
 * Runs a direct Firestore write. When the rules refuse it and the session turns
 * out to be ended, the browser leaves the session and SessionEndedError is
 * thrown; any other failure is thrown as it was.
 */
export async function writeWithSession<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (
      (code === 'permission-denied' || code === 'unauthenticated') &&
      (await sessionWasEnded().catch(() => false))
    ) {
      leaveSession();
      throw new SessionEndedError();
    }
    throw error;
  }
}
