// Counting the events that open an alert for the admins (src/domain/shared/ops-alerts.ts):
// each event updates its kind's document ops_alerts/{kind} in a transaction, and the
// event that crosses the kind's threshold opens the alert. The mail to the admins is
// sent by the ops_alerts trigger (functions/src/admin/ops-alerts.ts) when the document
// shows a newly opened alert, so this file, which every area's failures reach through
// recordFailure, needs nothing above the shared area.
//
// Best effort, like recordFailure: a failure to count is logged, never thrown, so it
// never hides the failure being counted. Under a storm of one kind (thousands of
// failures a minute) the transactions on the one document contend and some events are
// not counted; the alert still opens, since the threshold is far below the storm.
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import {
  OPS_ALERTS_COLLECTION,
  applyAlertEvent,
  applyAlertSuccess,
  emptyAlertState,
  opsAlertStateSchema,
  type OpsAlertKind,
  type OpsAlertState,
} from '../../../src/domain/shared/ops-alerts';
import { failureMessage } from '../../../src/domain/shared/server-failures';
import { db } from './firestore';
import { toPlainData } from '../../../src/data/firestore-convert';

/** The stored state of `kind`, or the empty state for a missing or malformed document. */
export function alertStateOf(kind: OpsAlertKind, data: unknown): OpsAlertState {
  if (data === undefined) return emptyAlertState(kind);
  const parsed = opsAlertStateSchema.safeParse({ ...(toPlainData(data) as object), kind });
  if (!parsed.success) logger.warn('ops alert: malformed state; starting again', { kind });
  return parsed.success ? parsed.data : emptyAlertState(kind);
}

/** Counts one event of `kind` at `at`; resolves true when it opened the alert. Never throws. */
export async function noteAlertEvent(
  kind: OpsAlertKind,
  problem: unknown,
  at: Date = new Date(),
  firestore: Firestore = db(),
): Promise<boolean> {
  try {
    const ref = firestore.collection(OPS_ALERTS_COLLECTION).doc(kind);
    return await firestore.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      const { state, opened } = applyAlertEvent(
        alertStateOf(kind, snapshot.data()),
        at,
        failureMessage(problem),
      );
      tx.set(ref, state);
      return opened;
    });
  } catch (error) {
    logger.error('ops alert: event not counted', { kind, error: failureMessage(error) });
    return false;
  }
}

/** Counts a success of a streak kind (a rebuild published): its streak starts again. Never throws. */
export async function noteAlertSuccess(kind: OpsAlertKind, firestore: Firestore = db()): Promise<void> {
  try {
    const ref = firestore.collection(OPS_ALERTS_COLLECTION).doc(kind);
    await firestore.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) return;
      const before = alertStateOf(kind, snapshot.data());
      const after = applyAlertSuccess(before);
      if (after !== before) tx.set(ref, after);
    });
  } catch (error) {
    logger.error('ops alert: success not counted', { kind, error: failureMessage(error) });
  }
}

/** Per instance: when each webhook's last refused signature was counted. */
const lastSignatureEvent = new Map<string, number>();
/** At most one refused signature per webhook per instance is counted in this time. */
export const SIGNATURE_EVENT_SPACING_MS = 10_000;

/**
 * Counts a webhook request refused for its signature. A flood of forged requests costs
 * at most one write per webhook per instance every SIGNATURE_EVENT_SPACING_MS, so
 * nobody can turn refused requests into a flood of writes. Never throws.
 */
export async function noteSignatureRefused(webhook: string, now: Date = new Date()): Promise<void> {
  const last = lastSignatureEvent.get(webhook);
  if (last !== undefined && now.getTime() - last < SIGNATURE_EVENT_SPACING_MS) return;
  lastSignatureEvent.set(webhook, now.getTime());
  await noteAlertEvent('webhook-signature', `The ${webhook} webhook refused a request: bad signature`, now);
}
