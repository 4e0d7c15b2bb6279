import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

const DEFAULT_APP = '[DEFAULT]';

function defaultApp(): App {
  // Look for the default app by name: the functions emulator registers an app of its own.
  return getApps().find((app) => app.name === DEFAULT_APP) ?? initializeApp();
}

/** The Admin Auth instance (the emulator's when FIREBASE_AUTH_EMULATOR_HOST is set). */
export function adminAuth(): Auth {
  return getAuth(defaultApp());
}

/** The Firebase Auth error code of an Admin SDK error ('auth/email-already-exists' …), or undefined. */
export function authErrorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
