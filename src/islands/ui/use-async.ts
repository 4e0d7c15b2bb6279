import { useCallback, useEffect, useState, type DependencyList } from 'react';

/** Where a load stands: still running, failed, or done with its value. */
export type AsyncState<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T };

/**
 * Runs `load` on mount, whenever `deps` change and on `reload()`, and says
 * where it stands. A reload keeps showing the previous value until the new one
 * arrives; a result that arrives after unmount or after a newer load is dropped.
 * A failure is logged to the console under `failureLog`.
 */
export function useAsync<T>(
  load: () => Promise<T>,
  deps: DependencyList,
  failureLog: string,
): [AsyncState<T>, () => void] {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    load().then(
      (value) => {
        if (current) setState({ status: 'ready', value });
      },
      (error: unknown) => {
        console.error(failureLog, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render; the caller's deps say when it changes.
  }, [...deps, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return [state, reload];
}
