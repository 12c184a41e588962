import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and in the browser's hydrating render, true after: a part that depends on
 * the browser (its clock, its time zone, its screen) renders its placeholder until then, so the
 * server's markup and the first render in the browser are the same (decision 020).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
