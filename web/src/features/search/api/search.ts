import type { MediaMap } from '@contract/common';
import { SEARCH_GEAR_KEPT, SEARCH_MIN_LENGTH, SEARCH_TEXTS } from '@contract/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { searchKeys } from './keys';

export interface SearchPlayer {
  id: string;
  username: string;
  avatar?: string | null;
  media?: MediaMap;
}
export interface SearchEvent {
  id: string;
  title: string;
}
export interface SearchGear {
  id: string;
  name: string;
}
export interface SearchResults {
  players: SearchPlayer[];
  events: SearchEvent[];
  gear: SearchGear[];
}

export const EMPTY_RESULTS: SearchResults = { players: [], events: [], gear: [] };

export const isSearchable = (query: string) => query.trim().length >= SEARCH_MIN_LENGTH;

const hasString = (item: unknown, key: string): boolean =>
  !!item && typeof item === 'object' && typeof (item as Record<string, unknown>)[key] === 'string';

/** Keeps the well-formed rows of a list answer (anything else counts as an empty list). */
function listOf<T>(answer: unknown, key: keyof T & string): T[] {
  if (!Array.isArray(answer)) return [];
  return answer.filter((item) => hasString(item, 'id') && hasString(item, key)) as T[];
}

/** The product search answers a list or `{ products: [...] }` (SPEC §6). */
function productsOf(answer: unknown): SearchGear[] {
  const list =
    answer && typeof answer === 'object' && !Array.isArray(answer)
      ? (answer as { products?: unknown }).products
      : answer;
  return listOf<SearchGear>(list, 'name').slice(0, SEARCH_GEAR_KEPT);
}

/**
 * The three header searches, run together (SPEC §7 Search). A failed call gives an empty list for
 * its group and is logged ('Search failed'); the other groups still show. The first 5 gear items
 * are kept. Under 2 trimmed characters nothing is asked and every group is empty.
 */
export async function searchAll(query: string, signal?: AbortSignal): Promise<SearchResults> {
  const q = query.trim();
  if (q.length < SEARCH_MIN_LENGTH) return EMPTY_RESULTS;
  const param = encodeURIComponent(q);
  const [players, events, gear] = await Promise.allSettled([
    apiRequest<unknown>('GET', `/api/users/search?q=${param}`, undefined, { signal }),
    apiRequest<unknown>('GET', `/api/events/search?q=${param}`, undefined, { signal }),
    apiRequest<unknown>('GET', `/api/products?search=${param}`, undefined, { signal }),
  ]);
  const settled = <T>(result: PromiseSettledResult<unknown>, read: (answer: unknown) => T[]): T[] => {
    if (result.status === 'fulfilled') return read(result.value);
    if (!signal?.aborted) console.warn(SEARCH_TEXTS.searchFailed, result.reason);
    return [];
  };
  return {
    players: settled(players, (a) => listOf<SearchPlayer>(a, 'username')),
    events: settled(events, (a) => listOf<SearchEvent>(a, 'title')),
    gear: settled(gear, productsOf),
  };
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
