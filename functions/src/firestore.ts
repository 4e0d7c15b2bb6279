import { getApps, initializeApp } from 'firebase-admin/app';

const DEFAULT_APP = '[DEFAULT]';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

/** The Admin Firestore instance, initialising the default app on first use (the environment names the project). */
export function db(): Firestore {
  // Look for the default app by name: the functions emulator registers an app of its own.
  if (!getApps().some((app) => app.name === DEFAULT_APP)) initializeApp();
  return getFirestore();
}

/** gRPC status NOT_FOUND, raised by update() on a missing document. */
export const NOT_FOUND = 5;

/** True when a Firestore error says the document does not exist. */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === NOT_FOUND;
}
