/**
 * Firebase Auth for islands: signing in and out, and the signed-in account as
 * plain data (uid, email, verification, admin claim), so callers never handle
 * SDK objects.
 */
import {
  connectAuthEmulator,
  getAuth,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  type Auth,
  type User,
} from 'firebase/auth';
import { FirebaseError } from 'firebase/app';
import { emulator, firebaseApp, usesEmulators } from './firebase.ts';

/** The signed-in person as the site needs them. */
export interface AccountUser {
  /** Firebase Auth uid; also the profile's document id. */
  uid: string;
  /** Login email (lives only in Auth, never on the profile). */
  email: string;
  /** True once the verification link was followed. */
  emailVerified: boolean;
  /** The `admin` custom claim: the only admin right rules and functions trust. */
  admin: boolean;
}

let instance: Auth | undefined;

/** The Auth instance (connected to the emulator locally), for the other client modules. */
export function authInstance(): Auth {
  return auth();
}

function auth(): Auth {
  if (!instance) {
    instance = getAuth(firebaseApp());
    if (usesEmulators) {
      connectAuthEmulator(instance, `http://${emulator.host}:${emulator.authPort}`, {
        disableWarnings: true,
      });
    }
  }
  return instance;
}

async function toAccountUser(user: User): Promise<AccountUser> {
  const token = await user.getIdTokenResult();
  return {
    uid: user.uid,
    email: user.email ?? '',
    emailVerified: user.emailVerified,
    admin: token.claims.admin === true,
  };
}

/** The account of the session kept by the SDK (after it finished restoring it), or null when signed out. */
export async function currentAccount(): Promise<AccountUser | null> {
  const a = auth();
  await a.authStateReady();
  return a.currentUser ? toAccountUser(a.currentUser) : null;
}

/**
 * The account of the session, confirmed with Auth: a session ended elsewhere
 * (signed out everywhere, password changed) is refused by Auth here and the SDK
 * signs this browser out, so the answer is null. Offline, the kept session stands.
 */
export async function confirmedAccount(): Promise<AccountUser | null> {
  const a = auth();
  await a.authStateReady();
  const user = a.currentUser;
  if (!user) return null;
  try {
    await user.reload();
  } catch (error) {
    if (!a.currentUser) return null;
    console.warn('Could not confirm the session with Auth', error);
  }
  return a.currentUser ? toAccountUser(a.currentUser) : null;
}

/** Like currentAccount, but asks Auth for fresh state first (email verification, claims changed by an admin). */
export async function refreshedAccount(): Promise<AccountUser | null> {
  const a = auth();
  await a.authStateReady();
  const user = a.currentUser;
  if (!user) return null;
  await user.reload();
  await user.getIdToken(true);
  return toAccountUser(user);
}

/** Signs in with email and password; throws an Error whose message a person can read. */
export async function signIn(email: string, password: string): Promise<AccountUser> {
  try {
    const credential = await signInWithEmailAndPassword(auth(), email, password);
    return await toAccountUser(credential.user);
  } catch (error) {
    throw new Error(loginErrorMessage(error), { cause: error });
  }
}

/** Ends the session in this browser. */
export async function signOut(): Promise<void> {
  await firebaseSignOut(auth());
}

// Firebase's codes ('auth/invalid-credential') mean nothing to a reader; these do.
const LOGIN_MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'Invalid email or password.',
  'auth/invalid-login-credentials': 'Invalid email or password.',
  'auth/wrong-password': 'Invalid email or password.',
  'auth/user-not-found': 'Invalid email or password.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/missing-password': 'Please enter your password.',
  'auth/user-disabled': 'This account has been disabled. Please contact the site administrator.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/network-request-failed': 'Could not reach the server. Check your connection and try again.',
};

/** A readable reason for a failed login. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof FirebaseError) return LOGIN_MESSAGES[error.code] ?? 'Login failed. Please try again.';
  return error instanceof Error && error.message ? error.message : 'Login failed. Please try again.';
}

/** The signed-in person's ID token (refreshed by the SDK when near expiry), for our own endpoints; null when signed out. */
export async function currentIdToken(): Promise<string | null> {
  const a = auth();
  await a.authStateReady();
  return a.currentUser ? a.currentUser.getIdToken() : null;
}
