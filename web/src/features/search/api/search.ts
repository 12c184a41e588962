import { EMPTY_SEARCH, SEARCH_MIN_LENGTH, SEARCH_TEXTS, type SearchAllAnswer } from '@contract/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { searchKeys } from './keys';

export type SearchResults = SearchAllAnswer;

export const EMPTY_RESULTS: SearchResults = EMPTY_SEARCH;

export const isSearchable = (query: string) => query.trim().length >= SEARCH_MIN_LENGTH;

/** The answer's schema (and zod) load with the first search, not with the header. */
const loadSchemas = () => import('@contract/search');

/**
 * The header search: one call, `GET /api/search?q=`, for every group (issue 20). A failed or
 * malformed answer gives empty groups and is logged ('Search failed'). Under 2 trimmed characters
 * nothing is asked and every group is empty.
 */
export async function searchAll(query: string, signal?: AbortSignal): Promise<SearchResults> {
  const q = query.trim();
  if (q.length < SEARCH_MIN_LENGTH) return EMPTY_RESULTS;
  const schemas = loadSchemas();
  try {
    const answer = await apiRequest<unknown>('GET', `/api/search?q=${encodeURIComponent(q)}`, undefined, {
      signal,
    });
    return (await schemas).searchAllAnswer.parse(answer);
  } catch (error) {
    if (!signal?.aborted) console.warn(SEARCH_TEXTS.searchFailed, error);
    return EMPTY_RESULTS;
  }
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
