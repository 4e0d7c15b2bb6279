/**
 * Keeps the session hint true. Loaded only on pages where a hint exists (or on
 * Logout), it brings in the Firebase SDK, confirms the session, re-reads the
 * profile (so an approval shows on the member's next visit without signing out)
 * and re-applies the approval guard.
 */
import { setFlash } from './flash-toast.ts';
import {
  clearHint,
  hintFor,
  isGuardExempt,
  mustWaitForApproval,
  PENDING_PATH,
  SESSION_EVENT,
  writeHint,
  type SessionHint,
} from './session-hint.ts';

/** The signed-in account and its hint, from Firebase; null when signed out. Writes or clears the hint. */
export async function loadSession(options: { fresh?: boolean } = {}) {
  const auth = await import('../data/client/shared/auth.ts');
  // Confirmed with Auth, not only read from storage: a session ended from another device ends here too.
  const account = options.fresh ? await auth.refreshedAccount() : await auth.confirmedAccount();
  if (!account) {
    clearHint();
    return null;
  }
  const hint = await hintForAccount(account);
  writeHint(hint);
  return { account, hint };
}

/**
 * The hint of a signed-in account (reads its profile). A failed read throws
 * rather than guessing: a navigation that aborts the request must not leave a
 * 'pending' hint behind for an approved member.
 */
export async function hintForAccount(account: { uid: string; admin: boolean }): Promise<SessionHint> {
  const { getOwnProfile } = await import('../data/client/accounts/profiles.ts');
  const profile = await getOwnProfile(account.uid);
  if (!profile) console.warn(`No profile found for user ${account.uid}`);
  return hintFor(account, profile);
}

/** Tells the account area to show this hint (or the logged-out header). */
export function announceHint(hint: SessionHint | null): void {
  document.dispatchEvent(new CustomEvent<SessionHint | null>(SESSION_EVENT, { detail: hint }));
}

/** Confirms the hint against Firebase, updates the header and applies the guard. */
export async function confirmSession(): Promise<void> {
  try {
    const session = await loadSession();
    announceHint(session?.hint ?? null);
    if (session && mustWaitForApproval(session.hint) && !isGuardExempt(location.pathname)) {
      location.replace(PENDING_PATH);
    }
  } catch (error) {
    // Offline or the backend is down: keep showing what the hint says; rules still protect the data.
    console.warn('Could not confirm the session', error);
  }
}

/** Signs out, forgets the hint and goes home with the 'Logged out' toast; a failure shows the 'Error' toast. */
export async function logout(destination = '/'): Promise<void> {
  try {
    const { signOut } = await import('../data/client/shared/auth.ts');
    await signOut();
    clearHint();
    setFlash({ title: 'Logged out', description: 'You have been successfully logged out.' });
    location.assign(destination);
  } catch (error) {
    console.error('Logout failed', error);
    const { showToast } = await import('./toast.ts');
    showToast({
      title: 'Error',
      description: 'Failed to log out. Please try again.',
      variant: 'destructive',
    });
  }
}
