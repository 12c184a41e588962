import type { Event, EventsQuery } from '@contract/events';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryRoots } from '@web/lib/query-keys';

/** What a list of events is asked for (the part of GET /api/events the section varies). */
export type EventListParams = Pick<
  EventsQuery,
  | 'type'
  | 'from'
  | 'to'
  | 'near'
  | 'sort'
  | 'limit'
  | 'radius'
  | 'placesLeft'
  | 'beginner'
  | 'replicasAllowed'
>;

/**
 * One key factory for every events query: lists (by their parameters), one event, the import
 * preset and the personal calendar feed. Invalidating `eventKeys.all` refreshes them all.
 */
export const eventKeys = {
  all: queryRoots.events,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (params: EventListParams) => [...eventKeys.lists(), params] as const,
  details: () => [...eventKeys.all, 'detail'] as const,
  detail: (id: string) => [...eventKeys.details(), id] as const,
  importPreset: () => [...eventKeys.all, 'import-preset'] as const,
  calendarFeed: () => [...eventKeys.all, 'calendar-feed'] as const,
};

type EventList = Event[] | InfiniteData<Event[], unknown>;

function mapList(data: EventList | undefined, map: (list: Event[]) => Event[]): EventList | undefined {
  if (!data) return data;
  if (Array.isArray(data)) return map(data);
  return { ...data, pages: data.pages.map(map) };
}

/** Rewrites one event wherever it is cached: every list (plain or paged) and its own page. */
export function updateCachedEvent(
  queryClient: QueryClient,
  id: string,
  update: (event: Event) => Event,
): void {
  queryClient.setQueriesData<EventList>({ queryKey: eventKeys.lists() }, (data) =>
    mapList(data, (list) =>
      list.some((e) => e.id === id) ? list.map((e) => (e.id === id ? update(e) : e)) : list,
    ),
  );
  queryClient.setQueryData<Event>(eventKeys.detail(id), (event) => (event ? update(event) : event));
}

/** Drops one event from every cached list and forgets its page. */
export function removeCachedEvent(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<EventList>({ queryKey: eventKeys.lists() }, (data) =>
    mapList(data, (list) => (list.some((e) => e.id === id) ? list.filter((e) => e.id !== id) : list)),
  );
  queryClient.removeQueries({ queryKey: eventKeys.detail(id) });
}

/** Stops refetches of events in flight, so they cannot overwrite an optimistic change. */
export async function cancelEventQueries(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: eventKeys.lists() }),
    queryClient.cancelQueries({ queryKey: eventKeys.detail(id) }),
  ]);
}
