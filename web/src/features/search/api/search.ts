import {
  SEARCH_GEAR_KEPT,
  SEARCH_MIN_LENGTH,
  SEARCH_TEXTS,
  type SearchEvent,
  type SearchProduct,
  type SearchUser,
} from '@contract/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { searchKeys } from './keys';

export interface SearchResults {
  players: SearchUser[];
  events: SearchEvent[];
  gear: SearchProduct[];
}

export const EMPTY_RESULTS: SearchResults = { players: [], events: [], gear: [] };

export const isSearchable = (query: string) => query.trim().length >= SEARCH_MIN_LENGTH;

/** The answers' schemas (and zod) load with the first search, not with the header. */
const loadSchemas = () => import('@contract/search');

/**
 * The three header searches, run together (SPEC §7 Search). A failed call gives an empty list for
 * its group and is logged ('Search failed'); the other groups still show. The first 5 gear items
 * are kept. Under 2 trimmed characters nothing is asked and every group is empty.
 */
export async function searchAll(query: string, signal?: AbortSignal): Promise<SearchResults> {
  const q = query.trim();
  if (q.length < SEARCH_MIN_LENGTH) return EMPTY_RESULTS;
  const param = encodeURIComponent(q);
  const schemas = loadSchemas();
  const ask = async <T>(
    url: string,
    read: (answer: unknown, s: Awaited<typeof schemas>) => T[],
  ): Promise<T[]> => {
    try {
      const answer = await apiRequest<unknown>('GET', url, undefined, { signal });
      return read(answer, await schemas);
    } catch (error) {
      if (!signal?.aborted) console.warn(SEARCH_TEXTS.searchFailed, error);
      return [];
    }
  };
  const [players, events, gear] = await Promise.all([
    ask(`/api/users/search?q=${param}`, (a, s) => s.searchUsersAnswer.parse(a)),
    ask(`/api/events/search?q=${param}`, (a, s) => s.searchEventsAnswer.parse(a)),
    ask(`/api/products?search=${param}`, (a, s) =>
      s.searchProductsAnswer.parse(a).slice(0, SEARCH_GEAR_KEPT),
    ),
  ]);
  return { players, events, gear };
}

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => searchAll(query, signal),
    // Results may change while the app is open: a repeated search asks again after a minute.
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });

/** The header search results for an already debounced query; idle under 2 trimmed characters. */
export function useSearch(query: string) {
  return useQuery({ ...searchQueryOptions(query), enabled: isSearchable(query) });
}
