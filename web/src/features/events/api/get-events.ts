import type { Event } from '@contract/events';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { type EventListParams, eventKeys } from './keys';

/** The grid's page size; the calendar asks for a whole month at once (the server's maximum). */
export const EVENTS_PAGE_SIZE = 24;
export { EVENTS_MONTH_LIMIT } from '@contract/events';

function toSearch(params: EventListParams, before?: string): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  if (before) search.set('before', before);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/events: upcoming first by default; `type`, `from`/`to`, `near`, `sort`, `limit`, `before`. */
export function getEvents(params: EventListParams, before?: string, signal?: AbortSignal): Promise<Event[]> {
  return apiRequest<Event[]>('GET', `/api/events${toSearch(params, before)}`, undefined, { signal });
}

/** One window of events (the calendar's visible month): a single call. */
export const eventsQueryOptions = (params: EventListParams) =>
  queryOptions({
    queryKey: eventKeys.list(params),
    queryFn: ({ signal }) => getEvents(params, undefined, signal),
  });

export function useEvents(params: EventListParams, enabled = true) {
  return useQuery({ ...eventsQueryOptions(params), enabled });
}

/** The grid: pages of `limit` events, the next one after the last shown (keyset cursor). */
export const eventPagesQueryOptions = (params: EventListParams) => {
  const limit = Number(params.limit ?? EVENTS_PAGE_SIZE);
  return infiniteQueryOptions({
    queryKey: eventKeys.list({ ...params, limit }),
    queryFn: ({ pageParam, signal }) => getEvents({ ...params, limit }, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Event[]) => (last.length < limit ? undefined : last[last.length - 1]?.id),
  });
};

export function useEventPages(params: EventListParams, enabled = true) {
  return useInfiniteQuery({ ...eventPagesQueryOptions(params), enabled });
}
