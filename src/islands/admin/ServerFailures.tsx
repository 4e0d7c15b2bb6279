import { SERVER_FAILURE_LABELS } from '../../domain/server-failures.ts';
import type { ServerFailure } from '../../domain/server-failures.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import DataTable, { type Column } from '../ui/DataTable.tsx';
import { useAsync } from '../ui/use-async.ts';

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
  const [entries] = useAsync(
    () => import('../../data/client/admin-users.ts').then(({ loadServerFailures }) => loadServerFailures()),
    [refreshKey],
    'Failed to load the server failures',
  );
  return (
    <section aria-labelledby="server-failures-heading" className="mt-8 space-y-3">
      <h2 id="server-failures-heading" className="text-xl font-bold">
        Server failures
      </h2>
      <AsyncContent
        state={entries}
        loading="Loading the server failures…"
        failed="The server failures could not be loaded."
        empty="No server failures recorded."
      >
        {(list) => <DataTable caption="Latest server failures" columns={FAILURE_COLUMNS} rows={list} />}
      </AsyncContent>
    </section>
  );
}
