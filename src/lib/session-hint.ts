/**
 * The session hint: a small, non-secret summary of the signed-in member kept in
 * localStorage, so every page (static ones included) can show the member's
 * header and apply the approval guard before the Firebase SDK is loaded.
 * It grants nothing: Firestore rules and functions check the real session.
 * SessionHead.astro repeats the guard in a few inline lines; keep both in step.
 */

/** localStorage key of the hint. */
export const SESSION_HINT_KEY = 'shelfmark.session';

/** Routes outside the approval guard: the auth screens, and the pages mail links open (a member still pending must be able to verify an address or reset a password). */
export const GUARD_EXEMPT_PATHS = [
  '/auth',
  '/login',
  '/register',
  '/pending-approval',
  '/auth/reset',
  '/auth/confirm-email',
] as const;

/** Where the guard sends members who are not approved yet. */
export const PENDING_PATH = '/pending-approval';

/** What the header and the guard need to know about the signed-in member. */
export interface SessionHint {
  /** Firebase Auth uid. */
  uid: string;
  /** Name shown in the header ('User' when the profile has none). */
  display_name: string;
  /** Role as the header shows it (see headerRoleLabel). */
  role_label: string;
  /** subscription_status is premium. */
  premium: boolean;
  /** The profile's approval_status ('pending' when no profile was found). */
  approval_status: string;
  /** The admin custom claim. */
  admin: boolean;
  /** When the hint was last confirmed against Firebase (ms since epoch). */
  checked_at: number;
}

/** Reads the hint; anything missing or malformed counts as no hint. */
export function readHint(): SessionHint | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SESSION_HINT_KEY) ?? 'null');
    return isSessionHint(value) ? value : null;
  } catch {
    return null;
  }
}

function isSessionHint(value: unknown): value is SessionHint {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.uid === 'string' &&
    typeof v.display_name === 'string' &&
    typeof v.role_label === 'string' &&
    typeof v.premium === 'boolean' &&
    typeof v.approval_status === 'string' &&
    typeof v.admin === 'boolean' &&
    typeof v.checked_at === 'number'
  );
}

/** Stores the hint. */
export function writeHint(hint: SessionHint): void {
  localStorage.setItem(SESSION_HINT_KEY, JSON.stringify(hint));
}

/** Forgets the hint (signed out, or the session is gone). */
export function clearHint(): void {
  localStorage.removeItem(SESSION_HINT_KEY);
}

/** The path without a trailing slash ('/' stays '/'). */
export function normalisePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** True for the routes the approval guard leaves alone. */
export function isGuardExempt(pathname: string): boolean {
  return (GUARD_EXEMPT_PATHS as readonly string[]).includes(normalisePath(pathname));
}

/** True when the guard must hold this member on /pending-approval: signed in, not admin, not approved. */
export function mustWaitForApproval(hint: SessionHint | null): boolean {
  return hint !== null && !hint.admin && hint.approval_status !== 'approved';
}

/**
 * The role the header shows. Admins see 'Admin' (the custom claim; the header is
 * their own view, and the Book Author disguise is for cards others see). Others
 * see the category they chose at sign-up, which says more than the system role
 * 'User' every new account has; older profiles without a category show their role.
 */
export function headerRoleLabel(account: {
  admin: boolean;
  role?: string | null;
  category?: string | null;
}): string {
  if (account.admin) return 'Admin';
  if (account.category) return account.category;
  return account.role && account.role !== 'Admin' ? account.role : 'User';
}

/** The hint for a signed-in account and its profile (null when none was found). */
export function hintFor(
  account: { uid: string; admin: boolean },
  profile: {
    display_name: string;
    role: string;
    category?: string | null;
    subscription_status: string;
    approval_status: string;
  } | null,
  now: number = Date.now(),
): SessionHint {
  return {
    uid: account.uid,
    display_name: profile?.display_name || 'User',
    role_label: headerRoleLabel({ admin: account.admin, role: profile?.role, category: profile?.category }),
    premium: profile?.subscription_status === 'premium',
    approval_status: profile?.approval_status ?? 'pending',
    admin: account.admin,
    checked_at: now,
  };
}

/** Name of the DOM event that tells the account area the hint changed (detail: SessionHint | null). */
export const SESSION_EVENT = 'shelfmark:session';
