import type { CalendarFeedAnswer } from '@contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { eventKeys } from './keys';

/** GET /api/user/calendar-token: the secret address of the viewer's own calendar feed. */
export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedAnswer> {
  return apiRequest<CalendarFeedAnswer>('GET', '/api/user/calendar-token', undefined, { signal });
}

export const calendarFeedQueryOptions = queryOptions({
  queryKey: eventKeys.calendarFeed(),
  queryFn: ({ signal }) => getCalendarFeed(signal),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions);
}
