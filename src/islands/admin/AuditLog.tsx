import type { AuditEntry } from '../../domain/admin-users.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import { useAsync } from '../ui/use-async.ts';

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
  const [entries] = useAsync(
    () => import('../../data/client/admin-users.ts').then(({ loadAuditLog }) => loadAuditLog()),
    [refreshKey],
    'Failed to load the audit log',
  );
  return (
    <AsyncContent
      state={entries}
      loading="Loading the audit log…"
      failed="The audit log could not be loaded."
      empty="No admin actions recorded yet."
    >
      {(list) => <AuditTable entries={list} />}
    </AsyncContent>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
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
        {entries.map((entry) => (
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
