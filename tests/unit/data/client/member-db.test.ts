// memberDb: reads made as the signed-in member wait until Auth exists on the page and has
// restored the session the browser kept. Firestore Lite asks Auth for a token only when
// Auth already exists, so a read sent before that goes out as a visitor's and is refused.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { authStateReady, authInstance, getFirestore } = vi.hoisted(() => {
  const authStateReady = vi.fn<() => Promise<void>>();
  return {
    authStateReady,
    authInstance: vi.fn(() => ({ authStateReady })),
    getFirestore: vi.fn(() => ({ kind: 'firestore' })),
  };
});

vi.mock('../../../../src/data/client/shared/auth.ts', () => ({ authInstance }));
vi.mock('firebase/firestore/lite', () => ({ getFirestore, connectFirestoreEmulator: vi.fn() }));
vi.mock('../../../../src/data/client/shared/firebase.ts', () => ({
  firebaseApp: () => ({}),
  usesEmulators: false,
  emulator: {},
}));

import { memberDb } from '../../../../src/data/client/shared/firestore.ts';

describe('memberDb', () => {
  beforeEach(() => {
    authStateReady.mockReset();
    authInstance.mockClear();
  });

  it('creates Auth and hands out the handle only once the kept session is restored', async () => {
    let restore!: () => void;
    authStateReady.mockReturnValue(new Promise<void>((resolve) => (restore = resolve)));
    let handed = false;
    const pending = memberDb().then((handle) => {
      handed = true;
      return handle;
    });
    await vi.waitFor(() => expect(authStateReady).toHaveBeenCalledTimes(1));
    expect(authInstance).toHaveBeenCalled();
    await Promise.resolve();
    expect(handed).toBe(false);
    restore();
    expect(await pending).toEqual({ kind: 'firestore' });
  });

  it('passes a failure to restore the session on to the read', async () => {
    authStateReady.mockRejectedValue(new Error('indexedDB unavailable'));
    await expect(memberDb()).rejects.toThrow('indexedDB unavailable');
  });
});
