/**
 * The page's Firestore Lite handle (plain REST gets, no realtime listeners or
 * offline cache: a quarter of the full SDK), connected to the emulator locally.
 * Every browser repository reads and writes through it.
 */
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import { emulator, firebaseApp, usesEmulators } from './firebase.ts';

let instance: Firestore | undefined;

/** The page's Firestore Lite instance, connected to the emulator locally. */
export function db(): Firestore {
  if (!instance) {
    instance = getFirestore(firebaseApp());
    if (usesEmulators) connectFirestoreEmulator(instance, emulator.host, emulator.firestorePort);
  }
  return instance;
}

/**
 * The handle for reads made as the signed-in member. Firestore Lite sends a read with the
 * member's token only when Auth already exists on the page (it then asks Auth, which waits
 * until it has restored the session the browser kept); a page's first read could otherwise
 * go out before anything created Auth, as a visitor's, and be refused by the rules. So this
 * creates Auth and waits for the kept session before handing out the handle.
 */
export async function memberDb(): Promise<Firestore> {
  const { authInstance } = await import('./auth.ts');
  await authInstance().authStateReady();
  return db();
}
