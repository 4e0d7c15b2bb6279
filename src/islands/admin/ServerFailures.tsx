import { SERVER_FAILURE_LABELS } from '../../domain/server-failures.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import { useAsync } from '../ui/use-async.ts';

function describeContext(context: Record<string, string>): string {
  return Object.entries(context)
    .map(([key, value]) => `${key}: ${value}`)
    .join('; ');
}

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
        {(list) => (
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Latest server failures</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="border-b border-line p-2">
                  When
                </th>
                <th scope="col" className="border-b border-line p-2">
                  What failed
                </th>
                <th scope="col" className="border-b border-line p-2">
                  About
                </th>
                <th scope="col" className="border-b border-line p-2">
                  Error
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((entry) => (
                <tr key={entry.id}>
                  <td className="border-b border-line p-2">{entry.at.toLocaleString()}</td>
                  <td className="border-b border-line p-2">{SERVER_FAILURE_LABELS[entry.kind]}</td>
                  <td className="border-b border-line p-2 break-all">
                    {describeContext(entry.context) || '—'}
                  </td>
                  <td className="border-b border-line p-2 break-all">{entry.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </AsyncContent>
    </section>
  );
}
