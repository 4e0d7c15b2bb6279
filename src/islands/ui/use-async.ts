import { useCallback, useEffect, useMemo, useRef, useState, type DependencyList } from 'react';

/** Where a load stands: still running, failed, or done with its value. */
export type AsyncState<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T };

/** What else a caller may do with a load besides `reload()`. */
export interface AsyncControls<T> {
  /** Loads again from the loading state (a new search), rather than over the old value. */
  restart: () => void;
  /** Changes the loaded value in place (a row edited, a page appended); nothing while it is not ready. */
  update: (change: (value: T) => T) => void;
  /** Shows the load as failed (a later step of it went wrong). */
  fail: () => void;
}

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
): [AsyncState<T>, () => void, AsyncControls<T>] {
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
  const controls = useMemo<AsyncControls<T>>(
    () => ({
      restart: () => {
        setState({ status: 'loading' });
        setVersion((v) => v + 1);
      },
      update: (change) =>
        setState((previous) =>
          previous.status === 'ready' ? { status: 'ready', value: change(previous.value) } : previous,
        ),
      fail: () => setState({ status: 'failed' }),
    }),
    [],
  );
  return [state, reload, controls];
}

/** One page of a list and the cursor of the next (null after the last page). */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** A list loaded a page at a time; `state` holds every page loaded so far. */
export interface PagedAsync<T> {
  state: AsyncState<T[]>;
  /** Whether a next page exists. */
  hasMore: boolean;
  /** Whether the next page is on its way. */
  loadingMore: boolean;
  /**
   * Appends the next page. A failure is logged and resolves false, the list kept;
   * with `onFailure: 'fail'` the whole list shows as failed instead.
   */
  loadMore: (onFailure?: 'keep' | 'fail') => Promise<boolean>;
  reload: () => void;
  restart: () => void;
  /** Changes the loaded items in place (a row edited, added or removed). */
  update: (change: (items: T[]) => T[]) => void;
}

/**
 * `useAsync` for a list served a page at a time: the first page loads as
 * `useAsync` loads; `loadMore` appends the next one. A page that arrives after
 * the list started again (a reload, other deps) is dropped, and a second
 * `loadMore` while one runs does nothing.
 */
export function usePagedAsync<T>(
  loadPage: (cursor: string | null) => Promise<Page<T>>,
  deps: DependencyList,
  failureLog: string,
): PagedAsync<T> {
  // Counts first-page loads, so a later page knows whether its list is still the one shown.
  const generation = useRef(0);
  const [pages, reload, controls] = useAsync(
    () => {
      generation.current += 1;
      return loadPage(null);
    },
    deps,
    failureLog,
  );
  const [loadingMore, setLoadingMore] = useState(false);
  const running = useRef(false);

  const state = useMemo<AsyncState<T[]>>(
    () => (pages.status === 'ready' ? { status: 'ready', value: pages.value.items } : pages),
    [pages],
  );
  const next = pages.status === 'ready' ? pages.value.next : null;

  async function loadMore(onFailure: 'keep' | 'fail' = 'keep'): Promise<boolean> {
    if (next === null || running.current) return true;
    const ticket = generation.current;
    running.current = true;
    setLoadingMore(true);
    try {
      const page = await loadPage(next);
      if (ticket === generation.current)
        controls.update((loaded) => ({ items: [...loaded.items, ...page.items], next: page.next }));
      return true;
    } catch (error) {
      console.error(failureLog, error);
      if (onFailure === 'fail' && ticket === generation.current) controls.fail();
      return false;
    } finally {
      running.current = false;
      setLoadingMore(false);
    }
  }

  return {
    state,
    hasMore: next !== null,
    loadingMore,
    loadMore,
    reload,
    restart: controls.restart,
    update: (change) => controls.update((loaded) => ({ ...loaded, items: change(loaded.items) })),
  };
}
