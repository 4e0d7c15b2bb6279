/**
 * The open alerts at the top of the dashboard (src/domain/shared/ops-alerts.ts): what kept
 * failing, how often and the latest error, each with "Acknowledge", which closes it
 * (audited) until the failure repeats past its threshold again. Nothing shows while
 * no alert is open.
 */
import { useEffect, useState } from 'react';
import { OPS_ALERT_MESSAGES, type OpenOpsAlert, type OpsAlertKind } from '../../domain/shared/ops-alerts.ts';
import { showToast } from '../../lib/toast.ts';
import { failureToast } from '../ui/failure-toast.ts';

function api() {
  return import('../../data/client/admin/ops-alerts.ts');
}

/** The section (see the file comment). */
export default function OpsAlerts({ refreshKey }: { refreshKey: number }) {
  const [alerts, setAlerts] = useState<OpenOpsAlert[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<OpsAlertKind | null>(null);

  useEffect(() => {
    let live = true;
    void api()
      .then(({ loadOpenAlerts }) => loadOpenAlerts())
      .then((outcome) => {
        if (!live) return;
        setFailed(!outcome.ok);
        if (outcome.ok) setAlerts(outcome.data.alerts);
      });
    return () => {
      live = false;
    };
  }, [refreshKey]);

  async function acknowledge(kind: OpsAlertKind) {
    setBusy(kind);
    const outcome = await (await api()).acknowledgeAlert(kind);
    setBusy(null);
    if (!outcome.ok) {
      showToast(failureToast('Failed to acknowledge the alert.', outcome));
      if (outcome.code === 'failed-precondition')
        setAlerts((list) => list?.filter((a) => a.kind !== kind) ?? null);
      return;
    }
    setAlerts(outcome.data.alerts);
    showToast({ title: 'Success', description: OPS_ALERT_MESSAGES.acknowledged });
  }

  if (failed)
    return (
      <p role="alert" className="text-sm text-red-700">
        {OPS_ALERT_MESSAGES.failed}
      </p>
    );
  if (alerts === null || alerts.length === 0) return null;
  return (
    <section
      aria-labelledby="ops-alerts-heading"
      className="space-y-3 rounded border-2 border-red-700 bg-white p-4"
    >
      <h2 id="ops-alerts-heading" className="text-xl font-bold">
        Alerts
      </h2>
      <ul className="space-y-3">
        {alerts.map((alert) => (
          <li key={alert.kind} className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 space-y-1">
              <p className="font-semibold">{alert.label}</p>
              <p className="text-sm text-ink-muted">
                Since {new Date(alert.openedAt).toLocaleString()} · {alert.events}{' '}
                {alert.events === 1 ? 'time' : 'times'}
                {alert.lastAt ? ` · last ${new Date(alert.lastAt).toLocaleString()}` : ''}
              </p>
              {alert.lastMessage && <p className="break-all text-sm">{alert.lastMessage}</p>}
            </div>
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy !== null}
              aria-label={`Acknowledge: ${alert.label}`}
              onClick={() => void acknowledge(alert.kind)}
            >
              {busy === alert.kind ? 'Acknowledging…' : 'Acknowledge'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
