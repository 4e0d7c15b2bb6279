import { useEffect, useState } from 'react';
import type { AuditEntry } from '../../domain/admin-users.ts';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; entries: AuditEntry[] };

function describeChange(entry: AuditEntry): string {
  const keys = Object.keys({ ...(entry.before ?? {}), ...(entry.after ?? {}) });
  if (keys.length === 0) return '';
  return keys
    .map(
      (key) =>
        `${key}: ${JSON.stringify(entry.before?.[key] ?? null)} → ${JSON.stringify(entry.after?.[key] ?? null)}`,
    )
    .join('; ');
}

/** Audit Log: the latest admin actions, as the functions recorded them (read-only for everyone). */
export default function AuditLog({ refreshKey }: { refreshKey: number }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    void import('../../data/client/admin-users.ts')
      .then(({ loadAuditLog }) => loadAuditLog())
      .then((entries) => !cancelled && setState({ status: 'ready', entries }))
      .catch((error: unknown) => {
        console.error('Failed to load the audit log', error);
        if (!cancelled) setState({ status: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [refreshKey]);

  if (state.status === 'loading')
    return (
      <p role="status" className="text-ink-muted">
        Loading the audit log…
      </p>
    );
  if (state.status === 'failed')
    return (
      <p role="alert" className="font-semibold text-red-700">
        The audit log could not be loaded.
      </p>
    );
  if (state.entries.length === 0) return <p className="text-ink-muted">No admin actions recorded yet.</p>;
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">Latest admin actions</caption>
      <thead>
        <tr className="text-left">
          <th scope="col" className="border-b border-line p-2">
            When
          </th>
          <th scope="col" className="border-b border-line p-2">
            Admin
          </th>
          <th scope="col" className="border-b border-line p-2">
            Action
          </th>
          <th scope="col" className="border-b border-line p-2">
            Member
          </th>
          <th scope="col" className="border-b border-line p-2">
            Change
          </th>
        </tr>
      </thead>
      <tbody>
        {state.entries.map((entry) => (
          <tr key={entry.id}>
            <td className="border-b border-line p-2">{entry.at.toLocaleString()}</td>
            <td className="border-b border-line p-2 font-mono">{entry.actor_uid}</td>
            <td className="border-b border-line p-2">{entry.action}</td>
            <td className="border-b border-line p-2 font-mono">{entry.target_uid ?? '—'}</td>
            <td className="border-b border-line p-2 break-all">{describeChange(entry)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
