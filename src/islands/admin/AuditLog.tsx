import type { AuditEntry } from '../../domain/admin/admin-users.ts';
import AsyncTable from '../ui/AsyncTable.tsx';
import type { Column } from '../ui/DataTable.tsx';

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
  return (
    <AsyncTable
      load={() => import('../../data/client/admin/admin-users.ts').then(({ loadAuditLog }) => loadAuditLog())}
      refreshKey={refreshKey}
      failureLog="Failed to load the audit log"
      loading="Loading the audit log…"
      failed="The audit log could not be loaded."
      empty="No admin actions recorded yet."
      caption="Latest admin actions"
      columns={AUDIT_COLUMNS}
    />
  );
}

const AUDIT_COLUMNS: readonly Column<AuditEntry>[] = [
  { header: 'When', cell: (entry) => entry.at.toLocaleString() },
  { header: 'Admin', cell: (entry) => entry.actor_uid, className: 'font-mono' },
  { header: 'Action', cell: (entry) => entry.action },
  { header: 'Member', cell: (entry) => entry.target_uid ?? '—', className: 'font-mono' },
  { header: 'Change', cell: describeChange, className: 'break-all' },
];
