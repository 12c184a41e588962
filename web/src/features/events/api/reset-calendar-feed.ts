import type { CalendarFeedAnswer } from '@contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { eventKeys } from './keys';

/** POST /api/user/calendar-token: a new secret address, answered this once; the old one stops working. */
export function resetCalendarFeed(): Promise<CalendarFeedAnswer> {
  return apiRequest<CalendarFeedAnswer>('POST', '/api/user/calendar-token');
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    meta: { errorToast: { title: 'Failed to reset the calendar address' } },
    // The address itself stays in this mutation's answer (shown once), not in the cached query.
    onSuccess: (answer) => queryClient.setQueryData(eventKeys.calendarFeed(), { ...answer, url: null }),
  });
}
