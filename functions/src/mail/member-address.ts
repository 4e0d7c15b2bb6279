// Where and how a mail reaches a member. The one rule for every mail to a member
// (relayed buyer messages, approval decisions, newsletters, notices): it goes only
// to an address the member has proved they read. An address changed without
// confirmation (updateEmail from a browser, which Firebase applies unverified)
// receives nothing until it is verified, so nobody can point our mail, or buyers'
// messages, at an address that is not theirs. The name in the mail comes from the
// profile and only when it passes the display-name rules (src/domain/shared/mail-name.ts).
import type { Firestore } from 'firebase-admin/firestore';
import type { UserRecord } from 'firebase-admin/auth';
import { mailSafeName } from '../../../src/domain/shared/mail-name';
import { adminAuth, authErrorCode } from '../shared/admin-auth';

/** The address a member may be mailed at: their Auth address when verified and the account enabled, else null. */
export function verifiedAddress(
  user: Pick<UserRecord, 'email' | 'emailVerified' | 'disabled'>,
): string | null {
  return user.email && user.emailVerified && !user.disabled ? user.email : null;
}

/** The verified address of `uid` (see verifiedAddress), or null, also when there is no such account. */
export async function memberMailAddress(uid: string): Promise<string | null> {
  try {
    return verifiedAddress(await adminAuth().getUser(uid));
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * The name to greet `uid` by: their profile's display name when it passes the
 * display-name rules, else '' (the templates then greet "there"). Never the Auth
 * displayName, which any signed-in client can set.
 */
export async function memberMailName(firestore: Firestore, uid: string): Promise<string> {
  const profile = await firestore.collection('profiles').doc(uid).get();
  return mailSafeName(profile.get('display_name')) ?? '';
}
