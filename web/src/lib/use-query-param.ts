import { useCallback, useContext } from 'react';
import { UNSAFE_NavigationContext, useLocation, useSearchParams } from 'react-router';

/**
 * A filter kept in the address's query string (issue 20), so a shared link, Back, Forward and a
 * reload show the same view. `allowed` lists the values it may take: anything else in the
 * address reads as `fallback`, and setting `fallback` removes the parameter (the plain address).
 * A change replaces the history entry: a filter is not a page of its own to go Back through.
 */
export function useQueryParam<T extends string>(
  name: string,
  allowed: readonly T[] | ((value: string) => boolean),
  fallback: T,
): [T, (value: T) => void] {
  const [params] = useSearchParams();
  const setQuery = useSetQuery();
  const raw = params.get(name);
  const valid =
    raw !== null &&
    (typeof allowed === 'function' ? allowed(raw) : (allowed as readonly string[]).includes(raw));
  const value = valid ? (raw as T) : fallback;
  const set = useCallback(
    (next: T) => setQuery({ [name]: next === fallback ? null : next }),
    [name, fallback, setQuery],
  );
  return [value, set];
}

/**
 * Changes several query parameters in one step (null or '' removes one), replacing the history
 * entry. Two setters called in one handler would each start from the same address: use one patch.
 * A write that comes late (a debounced search term) after the player has already gone to another
 * page is dropped: it would replace the new page's address with this one's.
 */
export function useSetQuery(): (patch: Record<string, string | null>) => void {
  const [, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // The router's history knows a navigation at once; the rendered location only once React has
  // committed it (a lazy page can keep this one on screen for a moment).
  const history = useContext(UNSAFE_NavigationContext).navigator as { location?: { pathname: string } };
  return useCallback(
    (patch) => {
      if (history.location && history.location.pathname !== pathname) return;
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === '') updated.delete(key);
            else updated.set(key, value);
          }
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams, pathname, history],
  );
}

/** Any text of at most `max` characters (search terms, country and region names). */
export const anyText =
  (max = 100) =>
  (value: string) =>
    value.length > 0 && value.length <= max;
