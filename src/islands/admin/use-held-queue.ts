import { useEffect, useMemo, useRef, useState, type DependencyList } from 'react';
import { usePagedAsync, type Page } from '../ui/use-async.ts';

/**
 * A held queue (reviews, updates, ads) loaded a page at a time, with how many
 * wait. A page loaded after another admin's decision may repeat an entry already
 * shown, so `state` drops repeats. `done(id)` takes a decided entry off the list,
 * loads the list and count again, and moves focus to `heading` (the decided
 * entry's buttons are gone).
 */
export function useHeldQueue<T extends { id: string }>(
  loadPage: (cursor: string | null) => Promise<Page<T> & { waiting: number }>,
  deps: DependencyList,
  failureLog: string,
) {
  const [waiting, setWaiting] = useState<number | null>(null);
  const [decisions, setDecisions] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (decisions > 0) heading.current?.focus();
  }, [decisions]);
  const held = usePagedAsync(
    async (cursor) => {
      const page = await loadPage(cursor);
      setWaiting(page.waiting);
      return page;
    },
    deps,
    failureLog,
  );
  const state = useMemo(
    () =>
      held.state.status === 'ready'
        ? {
            ...held.state,
            value: held.state.value.filter(
              (entry, index, all) => all.findIndex((other) => other.id === entry.id) === index,
            ),
          }
        : held.state,
    [held.state],
  );

  function done(id: string) {
    held.update((items) => items.filter((item) => item.id !== id));
    held.reload();
    setDecisions((n) => n + 1);
  }

  /** How many wait, once the list has loaded (null before, or while it is not ready). */
  const waitingNow = held.state.status === 'ready' ? waiting : null;
  return { held, state, waiting: waitingNow, heading, done };
}
