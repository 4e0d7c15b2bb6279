import { SERVER_FAILURE_LABELS } from '../../domain/shared/server-failures.ts';
import type { ServerFailure } from '../../domain/shared/server-failures.ts';
import AsyncTable from '../ui/AsyncTable.tsx';
import type { Column } from '../ui/DataTable.tsx';

function describeContext(context: Record<string, string>): string {
  return Object.entries(context)
    .map(([key, value]) => `${key}: ${value}`)
    .join('; ');
}

const FAILURE_COLUMNS: readonly Column<ServerFailure>[] = [
  { header: 'When', cell: (entry) => entry.at.toLocaleString() },
  { header: 'What failed', cell: (entry) => SERVER_FAILURE_LABELS[entry.kind] },
  { header: 'About', cell: (entry) => describeContext(entry.context) || '—', className: 'break-all' },
  { header: 'Error', cell: (entry) => entry.message, className: 'break-all' },
];

/** Server failures: what the functions could not do (mail, newsletter batches, rebuilds), newest first; read-only. */
export default function ServerFailures({ refreshKey }: { refreshKey: number }) {
  return (
    <section aria-labelledby="server-failures-heading" className="mt-8 space-y-3">
      <h2 id="server-failures-heading" className="text-xl font-bold">
        Server failures
      </h2>
      <AsyncTable
        load={() =>
          import('../../data/client/admin/admin-users.ts').then(({ loadServerFailures }) =>
            loadServerFailures(),
          )
        }
        refreshKey={refreshKey}
        failureLog="Failed to load the server failures"
        loading="Loading the server failures…"
        failed="The server failures could not be loaded."
        empty="No server failures recorded."
        caption="Latest server failures"
        columns={FAILURE_COLUMNS}
      />
    </section>
  );
}
