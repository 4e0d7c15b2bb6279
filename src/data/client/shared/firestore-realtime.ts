/**
 * The page's full Firestore web SDK instance (realtime listeners), connected to the
 * emulator locally. Reads that need no listener use Firestore Lite instead
 * (`db()` in profiles.ts), which is a quarter of the size.
 */
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { emulator, firebaseApp, usesEmulators } from './firebase.ts';

let instance: Firestore | undefined;

/** The one full-SDK Firestore of the page; every realtime repository module shares it. */
export function realtimeDb(): Firestore {
  if (!instance) {
    instance = getFirestore(firebaseApp());
    if (usesEmulators) connectFirestoreEmulator(instance, emulator.host, emulator.firestorePort);
  }
  return instance;
}
