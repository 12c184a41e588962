import { EVENT_PAGE_DATA_ID, type Event } from '@contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { hasEmbedded, takeEmbeddedWhere } from '@web/lib/embedded';
import { eventKeys } from './keys';

/** GET /api/events/{id}: one event with the viewer's place and abilities (404 when unknown). */
export function getEvent(id: string, signal?: AbortSignal): Promise<Event> {
  return apiRequest<Event>('GET', `/api/events/${encodeURIComponent(id)}`, undefined, { signal });
}

export const eventQueryOptions = (id: string) =>
  queryOptions({ queryKey: eventKeys.detail(id), queryFn: ({ signal }) => getEvent(id, signal) });

/**
 * The event that the server put in the HTML of /events/{id} (decision 020), taken once and only
 * for the id it was sent for. Null without one.
 */
export const takeEmbeddedEvent = (id: string) => takeEmbeddedWhere<Event>(EVENT_PAGE_DATA_ID, 'id', id);

/** Whether the HTML carries an event not yet taken. */
export const hasEmbeddedEvent = () => hasEmbedded(EVENT_PAGE_DATA_ID);

/** One event: from the HTML when it carried it, else from the API. */
export function useEvent(id: string) {
  return useQuery({ ...eventQueryOptions(id), initialData: () => takeEmbeddedEvent(id) ?? undefined });
}

/** The event's own address in the app and its calendar file (RFC 5545). */
export const eventPath = (id: string) => `/events/${encodeURIComponent(id)}`;
export const eventIcsPath = (id: string) => `/api/events/${encodeURIComponent(id)}/ics`;
