/**
 * The early-access guard for pages and endpoints (the functions have their own,
 * functions/src/billing/early-access.ts): reads the switches and the viewer's plan with the
 * Admin SDK and applies `canUseFeature`. A page or endpoint of a feature behind a
 * switch calls `canViewerUseFeature` before it shows or does anything.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { BILLING_DOC, billingRecordSchema, planOf } from '../../../domain/billing/billing.ts';
import {
  ALL_FEATURES_OFF,
  canUseFeature,
  earlyAccessOf,
  type EarlyAccessFeature,
  type EarlyAccessSettings,
  type FeatureViewer,
} from '../../../domain/billing/early-access.ts';
import { getDb } from '../shared/firestore.ts';
import { meterReads } from '../shared/read-meter.ts';
import { SITE_SETTINGS_DOC_ID } from '../../../domain/shared/collections.ts';

/** The switches as stored now (one read); a failed read is logged and every feature is off. */
export async function getEarlyAccess(db: Firestore = getDb()): Promise<EarlyAccessSettings> {
  try {
    const snap = await db.collection('site_settings').doc(SITE_SETTINGS_DOC_ID).get();
    meterReads(1);
    const { settings, malformed } = earlyAccessOf(snap.get('early_access'));
    if (malformed) console.error('site_settings/main early_access is malformed; every feature is off.');
    return settings;
  } catch (error) {
    // Failing closed: a switch that cannot be read must not open a Premium-only feature.
    console.error('Failed to load the early-access switches; every feature is off.', error);
    return ALL_FEATURES_OFF;
  }
}

/** The viewer behind `uid` (the plan `planOf` decides from their billing record), or null for a visitor. */
export async function viewerOf(uid: string | null, db: Firestore = getDb()): Promise<FeatureViewer | null> {
  if (uid === null) return null;
  const snap = await db.doc(`profiles/${uid}/private/${BILLING_DOC}`).get();
  meterReads(1);
  const parsed = billingRecordSchema.safeParse(snap.data() ?? {});
  return { plan: parsed.success ? planOf(parsed.data).status : 'free' };
}

/** True when the member `uid` (null: a visitor) may see and use `feature` now. */
export async function canViewerUseFeature(
  feature: EarlyAccessFeature,
  uid: string | null,
  db: Firestore = getDb(),
): Promise<boolean> {
  const [settings, viewer] = await Promise.all([getEarlyAccess(db), viewerOf(uid, db)]);
  return canUseFeature(settings, feature, viewer);
}
