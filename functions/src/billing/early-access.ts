// The early-access guard of the callables (pages and endpoints use
// src/data/server/billing/early-access.ts): every callable of a feature behind a switch
// calls `requireFeature` after the caller guard and before it reads or writes
// anything else, so a feature on "Premium members" refuses everyone else on the
// server, whatever the page showed them.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import { planOf } from '../../../src/domain/billing/billing';
import {
  FEATURE_UNAVAILABLE_MESSAGE,
  canUseFeature,
  earlyAccessOf,
  type EarlyAccessFeature,
  type EarlyAccessSettings,
  type FeatureViewer,
} from '../../../src/domain/billing/early-access';
import { billingOf, billingRef } from './record';
import { db } from '../shared/firestore';
import { SITE_SETTINGS_DOC_ID } from '../../../src/domain/shared/collections';

/** The switches as stored now; a malformed map is logged and reads as every feature off. */
export async function readEarlyAccess(firestore: Firestore = db()): Promise<EarlyAccessSettings> {
  const snap = await firestore.collection('site_settings').doc(SITE_SETTINGS_DOC_ID).get();
  const { settings, malformed } = earlyAccessOf(snap.get('early_access'));
  if (malformed)
    logger.error('early access: site_settings/main early_access is malformed; every feature is off');
  return settings;
}

/** The caller as the switches see them: their plan from their billing record (`planOf`), or null for a visitor. */
export async function featureViewerOf(
  uid: string | null,
  firestore: Firestore = db(),
): Promise<FeatureViewer | null> {
  if (uid === null) return null;
  return { plan: planOf(billingOf(uid, (await billingRef(firestore, uid).get()).data())).status };
}

/** True when `uid` (null: a visitor) may use `feature` now. */
export async function featureAllowed(
  feature: EarlyAccessFeature,
  uid: string | null,
  firestore: Firestore = db(),
): Promise<boolean> {
  const [settings, viewer] = await Promise.all([readEarlyAccess(firestore), featureViewerOf(uid, firestore)]);
  return canUseFeature(settings, feature, viewer);
}

/** Refuses the call (permission-denied, FEATURE_UNAVAILABLE_MESSAGE) when `uid` may not use `feature` now. */
export async function requireFeature(
  feature: EarlyAccessFeature,
  uid: string | null,
  firestore: Firestore = db(),
): Promise<void> {
  if (!(await featureAllowed(feature, uid, firestore)))
    throw new HttpsError('permission-denied', FEATURE_UNAVAILABLE_MESSAGE);
}
