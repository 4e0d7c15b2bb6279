// callFunction: a call waits until Auth exists on the page and has restored the session
// the browser kept. The Functions SDK attaches the member's ID token only when Auth
// already exists, so a page's first call sent before that goes out as a visitor's and is
// refused (an admin's newsletter page then never learned its audience).
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { authStateReady, authInstance, callable, httpsCallable } = vi.hoisted(() => {
  const authStateReady = vi.fn<() => Promise<void>>();
  const callable = vi.fn(async () => ({ data: { counts: { all: 3 } } }));
  return {
    authStateReady,
    authInstance: vi.fn(() => ({ authStateReady })),
    callable,
    httpsCallable: vi.fn(() => callable),
  };
});

vi.mock('../../../../src/data/client/shared/auth.ts', () => ({ authInstance }));
vi.mock('firebase/functions', () => ({
  getFunctions: vi.fn(() => ({ kind: 'functions' })),
  connectFunctionsEmulator: vi.fn(),
  httpsCallable,
}));
vi.mock('../../../../src/data/client/shared/firebase.ts', () => ({
  firebaseApp: () => ({}),
  usesEmulators: false,
  emulator: {},
  FUNCTIONS_REGION: 'us-central1',
}));

import { callFunction } from '../../../../src/data/client/shared/callable.ts';

describe('callFunction and the kept session', () => {
  beforeEach(() => {
    authStateReady.mockReset();
    authInstance.mockClear();
    callable.mockClear();
    httpsCallable.mockClear();
  });

  it('creates Auth and sends the call only once the kept session is restored', async () => {
    let restore!: () => void;
    authStateReady.mockReturnValue(new Promise<void>((resolve) => (restore = resolve)));
    const pending = callFunction('newsletterAudience', {});
    await vi.waitFor(() => expect(authStateReady).toHaveBeenCalledTimes(1));
    expect(authInstance).toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(callable).not.toHaveBeenCalled();
    restore();
    expect(await pending).toEqual({ ok: true, data: { counts: { all: 3 } } });
    expect(httpsCallable).toHaveBeenCalledWith({ kind: 'functions' }, 'newsletterAudience');
  });

  it('still sends the call, as a visitor’s, when the session cannot be restored', async () => {
    authStateReady.mockRejectedValue(new Error('indexedDB unavailable'));
    expect(await callFunction('newsletterAudience', {})).toEqual({ ok: true, data: { counts: { all: 3 } } });
    expect(callable).toHaveBeenCalledTimes(1);
  });
});
