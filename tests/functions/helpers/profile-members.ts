// Members for the profile functions' tests: an Auth user (verified or not, admin
// or not) with a profile written through the Admin SDK, signed in for an ID token.
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { adminDb, uniqueId } from './emulator';
import { bookData, newEmail, profileData } from './factories';
import { callFunction, signInForIdToken } from './callable';

/** A signed-in test member. */
export interface Member {
  uid: string;
  email: string;
  idToken: string;
}

/** What kind of member to make. */
export interface MemberOptions {
  /** Email verified (default true). */
  verified?: boolean;
  /** Carries the admin claim (default false). */
  admin?: boolean;
  /** Profile overrides, or null for no profile at all. */
  profile?: Record<string, unknown> | null;
  /** The address (default a new unique one). */
  email?: string;
  /** An admin's sign-in passes the second factor (default true; false for the factor's own tests). */
  secondFactor?: boolean;
}

/** Creates a member and signs them in. */
export async function makeMember(options: MemberOptions = {}): Promise<Member> {
  const auth = getAuth(getApps()[0]);
  const uid = uniqueId('m');
  const email = options.email ?? newEmail(uid);
  await auth.createUser({
    uid,
    email,
    password: 'secret-pass',
    displayName: `Author ${uid}`,
    emailVerified: options.verified ?? true,
  });
  if (options.admin) await auth.setCustomUserClaims(uid, { admin: true });
  // An admin's profile says role 'Admin', as the admin functions keep it: the guard and the rules need both.
  if (options.profile !== null)
    await adminDb()
      .doc(`profiles/${uid}`)
      .set(profileData(uid, { ...(options.admin ? { role: 'Admin' } : {}), ...(options.profile ?? {}) }));
  return {
    uid,
    email,
    idToken: await signInForIdToken(email, 'secret-pass', { secondFactor: options.secondFactor }),
  };
}

/** Calls a profile function as `member` (or signed out). */
export function callAs<T>(name: string, member: Member | undefined, data: unknown) {
  return callFunction<T>(name, data, member ? { idToken: member.idToken } : {});
}

/** A new author with one public book, 'Tides' (`fields` on top): what a reader's shelves and reading start from. */
export async function authorWithPublicBook(
  fields: Record<string, unknown> = {},
): Promise<{ author: Member; bookId: string }> {
  const author = await makeMember();
  const book = await adminDb()
    .collection('books')
    .add(bookData(author.uid, { title: 'Tides', owner_public: true, is_public: true, ...fields }));
  return { author, bookId: book.id };
}
