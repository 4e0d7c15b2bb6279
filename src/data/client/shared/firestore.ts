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
