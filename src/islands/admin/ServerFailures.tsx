import { useEffect, useState } from 'react';
import { SERVER_FAILURE_LABELS, type ServerFailure } from '../../domain/server-failures.ts';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; entries: ServerFailure[] };

function describeContext(context: Record<string, string>): string {
  return Object.entries(context)
    .map(([key, value]) => `${key}: ${value}`)
    .join('; ');
}

/** Server failures: what the functions could not do (mail, newsletter batches, rebuilds), newest first; read-only. */
export default function ServerFailures({ refreshKey }: { refreshKey: number }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    void import('../../data/client/admin-users.ts')
      .then(({ loadServerFailures }) => loadServerFailures())
      .then((entries) => !cancelled && setState({ status: 'ready', entries }))
      .catch((error: unknown) => {
        console.error('Failed to load the server failures', error);
        if (!cancelled) setState({ status: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [refreshKey]);

  let body;
  if (state.status === 'loading')
    body = (
      <p role="status" className="text-ink-muted">
        Loading the server failures…
      </p>
    );
  else if (state.status === 'failed')
    body = (
      <p role="alert" className="font-semibold text-red-700">
        The server failures could not be loaded.
      </p>
    );
  else if (state.entries.length === 0) body = <p className="text-ink-muted">No server failures recorded.</p>;
  else
    body = (
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
          {state.entries.map((entry) => (
            <tr key={entry.id}>
              <td className="border-b border-line p-2">{entry.at.toLocaleString()}</td>
              <td className="border-b border-line p-2">{SERVER_FAILURE_LABELS[entry.kind]}</td>
              <td className="border-b border-line p-2 break-all">{describeContext(entry.context) || '—'}</td>
              <td className="border-b border-line p-2 break-all">{entry.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <section aria-labelledby="server-failures-heading" className="mt-8 space-y-3">
      <h2 id="server-failures-heading" className="text-xl font-bold">
        Server failures
      </h2>
      {body}
    </section>
  );
}
