// Shared setup for tests that drive the deployed triggers through the emulators.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

export const PROJECT_ID = 'demo-shelfmark';

// The functions emulator signs unsubscribe links with the secret of
// functions/.env.demo-shelfmark; a test that makes or checks a link itself uses the same.
process.env.NEWSLETTER_SIGNING_SECRET ??= 'demo-only-newsletter-signing-secret';

/** Admin Firestore pointed at the emulator that `firebase emulators:exec` started. */
export function adminDb(): Firestore {
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    throw new Error('FIRESTORE_EMULATOR_HOST is not set: run these tests through `firebase emulators:exec`.');
  }
  if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
  return getFirestore();
}

/**
 * Deletes every document in the emulator, so each test starts from nothing. The
 * emulator answers 409 while a trigger from the previous test holds a transaction,
 * so that answer is retried.
 */
export async function clearFirestore(): Promise<void> {
  const url = `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, { method: 'DELETE' });
    if (response.ok) return;
    if (response.status !== 409 || attempt === 20)
      throw new Error(`clearing Firestore failed: HTTP ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Polls `read` until `done` accepts its value, because triggers run asynchronously
 * after the write that fired them. Throws with the last value seen on timeout.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  // Triggers queue in one emulator behind every other test's events: on a loaded
  // two-core machine a chain of them (a save, its trigger, the owner's) can take seconds.
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    value = await read();
  }
  return value;
}

/**
 * Makes "the trigger wrote nothing" a claim that can fail. After the write under
 * test, `sentinel` makes a second write that the same trigger must act on, and
 * `processed` reads until its effect shows (as `eventually` does, with its
 * timeout). The emulator hands a trigger its events in the order of the writes,
 * so once the sentinel is processed the write under test has been handled too,
 * and whatever it left can be asserted. A fixed sleep instead passes whenever
 * the trigger is merely slow.
 */
export async function afterSentinel<T>(
  sentinel: () => Promise<unknown>,
  processed: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs?: number,
): Promise<void> {
  await sentinel();
  await eventually(processed, done, timeoutMs);
}

/** A unique id, so a late trigger from an earlier test cannot touch this test's documents. */
export function uniqueId(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The Firestore emulator's answer to a transaction that lost a race for a lock. */
const EMULATOR_LOST_RACE = /Transaction is invalid or closed/;

/**
 * Runs `call`, again (up to `attempts` times in all) when the Firestore emulator
 * answered one of its transactions with INVALID_ARGUMENT "Transaction is invalid or
 * closed": that is how the emulator ends a transaction whose lock another one took,
 * where Firestore answers ABORTED and the SDK retries by itself (firebase-tools
 * issues 4473 and 6758). For tests that race two transactions on purpose; any other
 * error fails at once.
 */
export async function retryLostRace<T>(call: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= attempts || !EMULATOR_LOST_RACE.test(String(error))) throw error;
    }
  }
}
