// The request path of requestPasswordReset and requestEmailChange, driven
// directly: it may validate, count the attempt in the throttle store and queue a
// task, and nothing more. Auth is replaced by one that throws on any use, and the
// Firestore it gets records every document it reaches: any look at the address
// (Auth) or at members (profiles) before the answer fails these tests.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Firestore } from 'firebase-admin/firestore';
import { RESET_REQUESTED_MESSAGE, RESET_THROTTLED_MESSAGE } from '../../../src/domain/accounts/account';
import { PASSWORD_RESET_LIMITS_PER_EMAIL } from '../../../src/domain/shared/throttle';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { newEmail } from '../helpers/factories';
import { acceptPasswordResetRequest } from '../../../functions/src/accounts/password-reset';
import { acceptEmailChangeRequest } from '../../../functions/src/accounts/email-change';

vi.mock('../../../functions/src/shared/admin-auth', () => ({
  adminAuth: () => {
    throw new Error('the request path used Firebase Auth');
  },
  authErrorCode: () => undefined,
}));

/** `firestore`, with every collection and document path it is asked for written down. */
function recording(firestore: Firestore): { firestore: Firestore; paths: string[] } {
  const paths: string[] = [];
  const proxy = new Proxy(firestore, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'collection' || property === 'doc' || property === 'collectionGroup') {
        return (path: string, ...rest: unknown[]) => {
          paths.push(path);
          return (value as (...args: unknown[]) => unknown).call(target, path, ...rest);
        };
      }
      if (property === 'getAll') {
        return (...refs: { path: string }[]) => {
          paths.push(...refs.map((ref) => ref.path));
          return (value as (...args: unknown[]) => unknown).apply(target, refs);
        };
      }
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  return { firestore: proxy, paths };
}

const caller = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

beforeEach(async () => {
  await clearFirestore();
});

describe('requestPasswordReset’s request path', () => {
  it('counts the attempt and queues a task, touching only the throttle store', async () => {
    const { firestore, paths } = recording(adminDb());
    const queued: unknown[] = [];
    const deps = {
      firestore,
      enqueue: async (task: unknown) => void queued.push(task),
      siteUrl: 'http://localhost:4321',
    };
    const email = newEmail('path-reset');

    const answer = await acceptPasswordResetRequest(
      { email, continueUrl: '/account' },
      caller('203.0.113.9'),
      deps,
    );
    expect(answer).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(queued).toEqual([{ email, continueUrl: 'http://localhost:4321/account' }]);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((path) => path === 'throttles' || path.startsWith('throttles/'))).toBe(true);
  });

  it('queues nothing once the address’s allowance is spent', async () => {
    const { firestore } = recording(adminDb());
    const queued: unknown[] = [];
    const deps = {
      firestore,
      enqueue: async (task: unknown) => void queued.push(task),
      siteUrl: 'http://localhost:4321',
    };
    const email = newEmail('path-spent');
    const max = PASSWORD_RESET_LIMITS_PER_EMAIL[0]!.max;
    for (let i = 0; i < max; i += 1)
      await acceptPasswordResetRequest({ email }, caller(`203.0.113.${20 + i}`), deps);
    await expect(acceptPasswordResetRequest({ email }, caller('203.0.113.99'), deps)).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: RESET_THROTTLED_MESSAGE,
    });
    expect(queued).toHaveLength(max);
  });
});

describe('requestEmailChange’s request path', () => {
  it('counts the attempt and queues a task, touching only the throttle store', async () => {
    const { firestore, paths } = recording(adminDb());
    const queued: unknown[] = [];
    const deps = { firestore, enqueue: async (task: unknown) => void queued.push(task) };
    const target = newEmail('Path-Change');
    const member = { uid: 'path-member', authTime: Math.floor(Date.now() / 1000), email: 'old@example.com' };

    const answer = await acceptEmailChangeRequest(member, { newEmail: target }, deps);
    expect(answer).toEqual({ newEmail: target.toLowerCase() });
    expect(queued).toEqual([
      { uid: 'path-member', oldEmail: 'old@example.com', newEmail: target.toLowerCase() },
    ]);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((path) => path === 'throttles' || path.startsWith('throttles/'))).toBe(true);
  });
});
