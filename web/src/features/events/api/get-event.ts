import type { Event } from '@contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { eventKeys } from './keys';

/** GET /api/events/{id}: one event with the viewer's place and abilities (404 when unknown). */
export function getEvent(id: string, signal?: AbortSignal): Promise<Event> {
  return apiRequest<Event>('GET', `/api/events/${encodeURIComponent(id)}`, undefined, { signal });
}

export const eventQueryOptions = (id: string) =>
  queryOptions({ queryKey: eventKeys.detail(id), queryFn: ({ signal }) => getEvent(id, signal) });

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}

/** The event's own address in the app and its calendar file (RFC 5545). */
export const eventPath = (id: string) => `/events/${encodeURIComponent(id)}`;
export const eventIcsPath = (id: string) => `/api/events/${encodeURIComponent(id)}/ics`;
