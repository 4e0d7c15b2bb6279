// runTransactionWithRetry: on the functions emulator, a transaction the Firestore
// emulator ended as "invalid or closed" or "lock timeout" (its answers to a lost lock
// race, where Firestore answers ABORTED and the SDK retries) runs again; nothing else does.
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { retryLostRaces, runTransactionWithRetry } from '../../../../functions/src/shared/firestore';

const LOST = Object.assign(new Error('3 INVALID_ARGUMENT: Transaction is invalid or closed'), { code: 3 });
const LOCK_TIMEOUT = Object.assign(new Error('10 ABORTED: Transaction lock timeout.'), { code: 10 });

/** A Firestore whose runTransaction fails with `failures` in turn, then answers 'done'. */
function fakeFirestore(failures: Error[]) {
  let calls = 0;
  const firestore = {
    runTransaction: async () => {
      const failure = failures[calls];
      calls += 1;
      if (failure) throw failure;
      return 'done';
    },
  } as unknown as Firestore;
  return { firestore, calls: () => calls };
}

describe('runTransactionWithRetry', () => {
  it('runs a transaction that lost a race again on the emulator, up to three times in all', async () => {
    const twice = fakeFirestore([LOST, LOST]);
    expect(await runTransactionWithRetry(twice.firestore, async () => 'x', true)).toBe('done');
    expect(twice.calls()).toBe(3);
    const thrice = fakeFirestore([LOST, LOST, LOST]);
    await expect(runTransactionWithRetry(thrice.firestore, async () => 'x', true)).rejects.toBe(LOST);
    expect(thrice.calls()).toBe(3);
    const timedOut = fakeFirestore([LOCK_TIMEOUT]);
    expect(await runTransactionWithRetry(timedOut.firestore, async () => 'x', true)).toBe('done');
    expect(timedOut.calls()).toBe(2);
  });

  it('never retries when deployed, nor any other error', async () => {
    const deployed = fakeFirestore([LOST]);
    await expect(runTransactionWithRetry(deployed.firestore, async () => 'x', false)).rejects.toBe(LOST);
    expect(deployed.calls()).toBe(1);
    const deployedTimeout = fakeFirestore([LOCK_TIMEOUT]);
    await expect(runTransactionWithRetry(deployedTimeout.firestore, async () => 'x', false)).rejects.toBe(
      LOCK_TIMEOUT,
    );
    const other = new Error('5 NOT_FOUND: no such book');
    const refused = fakeFirestore([other]);
    await expect(runTransactionWithRetry(refused.firestore, async () => 'x', true)).rejects.toBe(other);
    expect(refused.calls()).toBe(1);
  });
});

describe('retryLostRaces', () => {
  it('makes the instance’s own runTransaction retry a lost race on the emulator, wrapping it once', async () => {
    const { firestore, calls } = fakeFirestore([LOST, LOST, LOST, LOST]);
    expect(retryLostRaces(firestore, true)).toBe(firestore);
    retryLostRaces(firestore, true);
    await expect(firestore.runTransaction(async () => 'x')).rejects.toBe(LOST);
    // Three attempts, not nine: the second call left the instance as the first made it.
    expect(calls()).toBe(3);
    expect(await firestore.runTransaction(async () => 'x')).toBe('done');
  });

  it('is not retried again by runTransactionWithRetry: three attempts in all, not nine', async () => {
    const { firestore, calls } = fakeFirestore([LOST, LOST, LOST, LOST, LOST]);
    retryLostRaces(firestore, true);
    await expect(runTransactionWithRetry(firestore, async () => 'x', true)).rejects.toBe(LOST);
    expect(calls()).toBe(3);
  });

  it('leaves a deployed instance as it is', async () => {
    const { firestore, calls } = fakeFirestore([LOST]);
    retryLostRaces(firestore, false);
    await expect(firestore.runTransaction(async () => 'x')).rejects.toBe(LOST);
    expect(calls()).toBe(1);
  });
});
