import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server HTML and during hydration, true once React runs the
 * island. Forms stay disabled until then: typing into the server HTML would be
 * lost to React's state, and a click on submit would send a plain GET with the
 * password in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
