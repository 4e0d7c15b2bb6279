// The early-access guards on the emulator: the callables' (requireFeature) and the
// pages' (canViewerUseFeature) read the switches in site_settings/main and the
// viewer's plan from their billing record, and agree. None of wave 3's features has
// shipped, so the guards are driven with the feature ids directly.
import type { DocumentData } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_UNAVAILABLE_MESSAGE, type FeaturePosition } from '../../../src/domain/billing/early-access';
import { canViewerUseFeature } from '../../../src/data/server/billing/early-access';
import { featureAllowed, requireFeature } from '../../../functions/src/billing/early-access';
import { adminDb } from '../helpers/emulator';
import { paidBillingRecord } from '../helpers/factories';

const db = adminDb();
const settingsRef = db.doc('site_settings/main');
const PREMIUM = 'early-access-premium-uid';
const GRANTED = 'early-access-granted-uid';
const FREE = 'early-access-free-uid';
let original: DocumentData | undefined;

beforeAll(async () => {
  original = (await settingsRef.get()).data();
  await db.doc(`profiles/${PREMIUM}/private/billing`).set(paidBillingRecord('early'));
  await db.doc(`profiles/${GRANTED}/private/billing`).set({ grant: { by: 'admin-uid', at: Date.now() } });
  await db.doc(`profiles/${FREE}/private/billing`).set({
    subscription: {
      id: 'sub_gone',
      status: 'canceled',
      current_period_end: null,
      cancel_at_period_end: false,
      trial_end: null,
    },
  });
});

afterAll(async () => {
  // Other tests read site_settings/main: put back what was there.
  if (original) await settingsRef.set(original);
  else await settingsRef.delete();
  await Promise.all(
    [PREMIUM, GRANTED, FREE].map((uid) => db.doc(`profiles/${uid}/private/billing`).delete()),
  );
});

async function setSwitch(position: FeaturePosition | null): Promise<void> {
  await settingsRef.set(
    { early_access: position === null ? {} : { reviews: position, search: 'everyone' } },
    { merge: false },
  );
}

/** Who may use 'reviews', by both guards (which must agree). */
async function whoMayUseReviews(): Promise<Record<string, boolean>> {
  const who: Record<string, boolean> = {};
  for (const [name, uid] of [
    ['visitor', null],
    ['free', FREE],
    ['premium', PREMIUM],
    ['granted', GRANTED],
    ['never billed', 'early-access-nobody-uid'],
  ] as const) {
    const callable = await featureAllowed('reviews', uid, db);
    const page = await canViewerUseFeature('reviews', uid, db);
    expect(page, `the page guard agrees with the callable guard for ${name}`).toBe(callable);
    who[name] = callable;
  }
  return who;
}

describe('the early-access guards', () => {
  it('on "everyone" (and with no switch stored) let everyone in', async () => {
    await setSwitch(null);
    expect(Object.values(await whoMayUseReviews())).toEqual([true, true, true, true, true]);
    await setSwitch('everyone');
    expect(Object.values(await whoMayUseReviews())).toEqual([true, true, true, true, true]);
  });

  it('on "Premium members" let in only members with Premium, paid or granted', async () => {
    await setSwitch('premium');
    expect(await whoMayUseReviews()).toEqual({
      visitor: false,
      free: false,
      premium: true,
      granted: true,
      'never billed': false,
    });
    await expect(requireFeature('reviews', FREE, db)).rejects.toMatchObject({
      code: 'permission-denied',
      message: FEATURE_UNAVAILABLE_MESSAGE,
    });
    await expect(requireFeature('reviews', PREMIUM, db)).resolves.toBeUndefined();
    // Another feature's switch is its own.
    expect(await featureAllowed('search', FREE, db)).toBe(true);
  });

  it('on "off" let nobody in, Premium included', async () => {
    await setSwitch('off');
    expect(Object.values(await whoMayUseReviews())).toEqual([false, false, false, false, false]);
    const refusal = await requireFeature('reviews', PREMIUM, db).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpsError);
  });

  it('read a malformed map (written around the rules) as every feature off', async () => {
    await settingsRef.set({ early_access: { reviews: 'sometimes' } });
    expect(Object.values(await whoMayUseReviews())).toEqual([false, false, false, false, false]);
    expect(await featureAllowed('search', PREMIUM, db)).toBe(false);
  });
});
