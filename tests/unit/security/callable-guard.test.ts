// Every callable the functions bundle exports goes through the one caller guard
// (functions/src/shared/guard.ts): built with guardedCall, which checks the caller's
// current record and session before the handler runs, or with openCall, which
// names why visitors may call it. A callable built with a bare onCall (trusting
// the token alone) fails this test.
import { describe, expect, it } from 'vitest';
import * as functionsIndex from '../../../functions/src/functions';
import { guardOf } from '../../../functions/src/shared/guard';

// Reading a v1 trigger's endpoint needs a project id (the emulators set it when deployed).
process.env.GCLOUD_PROJECT ??= 'demo-shelfmark';

/** The exported functions that are callables (firebase-functions marks them with a callableTrigger; an export left undefined, like searchTypesense without a search server, is none). */
function callables(): [string, unknown][] {
  return Object.entries(functionsIndex).filter(([, fn]) => {
    const endpoint = (fn as { __endpoint?: { callableTrigger?: unknown } } | undefined)?.__endpoint;
    return endpoint?.callableTrigger !== undefined;
  });
}

/** The callables visitors may call, each for a reason stated where it is built. */
const OPEN = ['signUp', 'requestPasswordReset', 'completePasswordReset', 'confirmEmailCode'];

describe('the caller guard', () => {
  it('finds the callables (the test would pass vacuously otherwise)', () => {
    expect(callables().length).toBeGreaterThanOrEqual(20);
  });

  it.each(callables())('%s is built with guardedCall or openCall', (name, fn) => {
    const guard = guardOf(fn);
    expect(guard, `${name} bypasses functions/src/shared/guard.ts`).toBeDefined();
    if (guard?.access === 'open') {
      expect(OPEN, `${name} is open to visitors without being listed here`).toContain(name);
      expect(guard.reason).toBeTruthy();
    }
  });

  it('guards every admin callable at the admin level', () => {
    const admin = [
      'adminUserManagement',
      'adminSiteSettings',
      'adminFeatured',
      'adminContent',
      'adminHeldReviews',
      'adminHeldItems',
      'newsletterAudience',
      'sendNewsletter',
      'requestPublish',
    ];
    for (const name of admin)
      expect(guardOf((functionsIndex as Record<string, unknown>)[name])?.access, name).toBe('admin');
  });
});
