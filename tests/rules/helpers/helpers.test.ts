import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, getDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbAs, expectAllowed, expectDenied, seed, setupRulesEnv } from './rules-env';

// The assertion helpers are what every other rules test relies on; an
// assertion that cannot fail would make every "denied" test meaningless.
describe('rules test helpers', () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    env = await setupRulesEnv('helpers');
    await env.clearFirestore();
    await seed(env, {
      'legal_documents/terms': { document_type: 'terms', title: 'Terms of Service', content: '...' },
    });
  });

  afterAll(async () => {
    await env.cleanup();
  });

  it('expectDenied rejects when the request succeeds', async () => {
    await expect(expectDenied(Promise.resolve())).rejects.toThrow();
  });

  it('expectDenied rejects when the rules allow a real read', async () => {
    await expect(
      expectDenied(getDoc(doc(dbAs(env, 'anonymous'), 'legal_documents', 'terms'))),
    ).rejects.toThrow();
  });

  it('expectDenied rejects when the request fails for a reason other than permissions', async () => {
    await expect(expectDenied(Promise.reject(new Error('network down')))).rejects.toThrow();
  });

  it('expectAllowed rejects when the rules deny a real read', async () => {
    await expect(expectAllowed(getDoc(doc(dbAs(env, 'anonymous'), 'users', 'alice-uid')))).rejects.toThrow();
  });

  it('expectAllowed returns the result of the request', async () => {
    await expect(expectAllowed(Promise.resolve(42))).resolves.toBe(42);
  });
});
