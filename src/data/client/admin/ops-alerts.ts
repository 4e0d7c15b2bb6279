/**
 * The dashboard's open alerts (src/domain/shared/ops-alerts.ts) through adminOpsAlerts:
 * the functions keep them in ops_alerts, which no client reads. Loaded lazily.
 */
import type { AdminOpsAlertsResponse, OpsAlertKind } from '../../../domain/shared/ops-alerts.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** The open alerts, newest first. */
export function loadOpenAlerts(): Promise<CallOutcome<AdminOpsAlertsResponse>> {
  return callFunction('adminOpsAlerts', { action: 'list' });
}

/** Acknowledges the open alert of `kind`; answers the open alerts after it. */
export function acknowledgeAlert(kind: OpsAlertKind): Promise<CallOutcome<AdminOpsAlertsResponse>> {
  return callFunction('adminOpsAlerts', { action: 'acknowledge', kind });
}
