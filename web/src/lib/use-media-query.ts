import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint (48rem): from here up the layout is the desktop's. */
export const MD_QUERY = '(min-width: 48rem)';

/** Whether `query` matches now, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
