import { EVENT_TEXTS, type Event, type UpdateEventBody } from '@contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { eventKeys, updateCachedEvent } from './keys';

/** PATCH /api/events/{id} (admin): the form's edit mode; answers the event. */
export function updateEvent(id: string, body: UpdateEventBody): Promise<Event> {
  return apiRequest<Event>('PATCH', `/api/events/${encodeURIComponent(id)}`, body);
}

/** Saves an edit; the event changes wherever it is cached and the lists refresh. */
export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title: EVENT_TEXTS.eventUpdateFailed } },
    mutationFn: ({ id, body }: { id: string; body: UpdateEventBody }) => updateEvent(id, body),
    onSuccess: (event) => {
      updateCachedEvent(queryClient, event.id, (cached) => ({ ...event, distance: cached.distance }));
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}
