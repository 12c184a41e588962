import { type CreateEventBody, EVENT_TEXTS, type Event } from '@contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { eventKeys } from './keys';

/** POST /api/events (admin) → 201 with the new event. */
export function createEvent(body: CreateEventBody): Promise<Event> {
  return apiRequest<Event>('POST', '/api/events', body);
}

/** Creates an event; every events list then refreshes. */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    meta: { errorToast: { title: EVENT_TEXTS.eventCreateFailed } },
    onSuccess: (event) => {
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}
