/** Account creation through the `signUp` Cloud Function, the only writer of new profiles. */
import { FirebaseError } from 'firebase/app';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import type { SignupRequest } from '../../domain/signup.ts';
import { emulator, firebaseApp, FUNCTIONS_REGION, usesEmulators } from './firebase.ts';

/** What the function answers on success. */
export interface SignupResponse {
  /** The new account's uid. */
  uid: string;
  /** The unique page slug the function chose. */
  page_slug: string;
}

/** How a sign-up ended: created, or refused with the server's code and message. */
export type SignupOutcome =
  | { ok: true; account: SignupResponse }
  | { ok: false; code: string; message: string };

let instance: Functions | undefined;

function functions(): Functions {
  if (!instance) {
    instance = getFunctions(firebaseApp(), FUNCTIONS_REGION);
    if (usesEmulators) connectFunctionsEmulator(instance, emulator.host, emulator.functionsPort);
  }
  return instance;
}

/**
 * Asks the server to create the account and its profile. The function sets
 * every starting value (role User, pending, free, the slug); the browser only
 * sends what the person typed.
 */
export async function signUp(request: SignupRequest): Promise<SignupOutcome> {
  try {
    const call = httpsCallable<SignupRequest, SignupResponse>(functions(), 'signUp');
    const result = await call(request);
    return { ok: true, account: result.data };
  } catch (error) {
    if (error instanceof FirebaseError) {
      return { ok: false, code: error.code.replace(/^functions\//, ''), message: error.message };
    }
    return { ok: false, code: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
}
