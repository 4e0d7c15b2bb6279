import { adminAuth } from '../shared/admin-auth';

/**
 * The admin right is the Firebase Auth custom claim `admin: true`, carried in
 * every ID token of the member and checked by firestore.rules and the
 * functions. The profile's role 'Admin' only mirrors it for display.
 */

/** True when a verified ID token (a callable's request.auth.token) carries the admin claim. */
export function isAdminToken(token: Record<string, unknown> | undefined): boolean {
  return token?.admin === true;
}

/**
 * Sets (true) or clears (false) the `admin` claim of `uid`, keeping any other
 * custom claims. The member's current ID token keeps its old claims until it is
 * refreshed (at most an hour, or at the next sign-in).
 */
export async function setAdminClaim(uid: string, admin: boolean): Promise<void> {
  const auth = adminAuth();
  const { customClaims = {} } = await auth.getUser(uid);
  const { admin: _previous, ...others } = customClaims;
  await auth.setCustomUserClaims(uid, admin ? { ...others, admin: true } : others);
}
