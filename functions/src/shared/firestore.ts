// The functions' one door to Firestore: the Admin instance and the helpers every
// function needs around it (Firestore's batch and 'in' limits, timestamps, errors).
import { getApps, initializeApp } from 'firebase-admin/app';
import {
  getFirestore,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';

const DEFAULT_APP = '[DEFAULT]';

/**
 * The Admin Firestore instance, initialising the default app on first use (the environment
 * names the project). On the functions emulator its transactions retry a lost lock race
 * (retryLostRaces), so every function's concurrent saves behave as deployed.
 */
export function db(): Firestore {
  // Look for the default app by name: the functions emulator registers an app of its own.
  if (!getApps().some((app) => app.name === DEFAULT_APP)) initializeApp();
  return retryLostRaces(getFirestore());
}

/** gRPC status NOT_FOUND, raised by update() on a missing document. */
export const NOT_FOUND = 5;

/** True when a Firestore error says the document does not exist. */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === NOT_FOUND;
}

/** gRPC status ALREADY_EXISTS, raised by create() on a document that exists. */
export const ALREADY_EXISTS = 6;

/** True when a Firestore error says the document already exists. */
export function isAlreadyExists(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === ALREADY_EXISTS;
}

/** Firestore accepts at most 500 writes in one batch or transaction. */
export const MAX_BATCH_WRITES = 500;

/** Firestore's longest list for an 'in' or 'array-contains-any' filter. */
export const MAX_IN_VALUES = 30;

/** Splits a list into consecutive chunks of at most `size` items (for batches and 'in' queries). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** A stored Timestamp as milliseconds since the epoch; anything else (absent, malformed) is null. */
export function millisOf(value: unknown): number | null {
  return value instanceof Timestamp ? value.toMillis() : null;
}

/**
 * Reads `refs` inside `tx` in one request (one lock round instead of one per
 * document), the snapshots in the order of `refs`.
 */
export async function readAll<const Refs extends readonly DocumentReference[]>(
  tx: Transaction,
  ...refs: Refs
): Promise<{ [K in keyof Refs]: DocumentSnapshot }> {
  const snapshots = await tx.getAll(...refs);
  return snapshots as unknown as { [K in keyof Refs]: DocumentSnapshot };
}

/**
 * The Firestore emulator's answers to a transaction that lost a race for a lock: the
 * transaction closed under it, or its lock wait timed out after the SDK's own retries.
 */
const EMULATOR_LOST_RACE = /Transaction is invalid or closed|Transaction lock timeout/;

/**
 * `attempt()`, and on the functions emulator once or twice more when the Firestore emulator
 * ends its transaction with INVALID_ARGUMENT "Transaction is invalid or closed", or with
 * ABORTED "Transaction lock timeout" after the SDK's five attempts. That is how the
 * emulator answers a transaction whose lock another one took, where Firestore answers
 * ABORTED and the SDK's retries succeed (firebase-tools issues 4473 and 6758: the emulator
 * does not promise correct behaviour under parallel use); so concurrent saves behave
 * locally as they do in production. Deployed, it is exactly `attempt()`.
 */
async function retryingLostRace<T>(attempt: () => Promise<T>, emulator: boolean): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!emulator || tries >= 3 || !EMULATOR_LOST_RACE.test(String(error))) throw error;
    }
  }
}

/** The instances whose runTransaction retryLostRaces has wrapped. */
const retrying = new WeakSet<Firestore>();

/**
 * `firestore.runTransaction(update)`, run again on the emulator after a lost lock race
 * (retryingLostRace). An instance from db() retries by itself, so it is not retried twice.
 */
export async function runTransactionWithRetry<T>(
  firestore: Firestore,
  update: (tx: Transaction) => Promise<T>,
  emulator = process.env.FUNCTIONS_EMULATOR === 'true',
): Promise<T> {
  if (retrying.has(firestore)) return firestore.runTransaction(update);
  return retryingLostRace(() => firestore.runTransaction(update), emulator);
}

/**
 * On the functions emulator, makes `firestore.runTransaction` itself run again after a
 * lost lock race (retryingLostRace), once per instance, and returns the instance; deployed
 * it changes nothing. Every transaction of the functions then holds up as deployed where
 * two calls really run at once.
 */
export function retryLostRaces(
  firestore: Firestore,
  emulator = process.env.FUNCTIONS_EMULATOR === 'true',
): Firestore {
  if (!emulator || retrying.has(firestore)) return firestore;
  retrying.add(firestore);
  const runTransaction = firestore.runTransaction.bind(firestore);
  const retried: Firestore['runTransaction'] = (update, options) =>
    retryingLostRace(() => runTransaction(update, options), true);
  firestore.runTransaction = retried;
  return firestore;
}
