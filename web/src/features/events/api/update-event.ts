import { EVENT_TEXTS, type Event, type UpdateEventBody } from '@contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { eventKeys, updateCachedEvent } from './keys';

/** PATCH /api/events/{id} (admin): the form's edit mode; answers the event. */
export function updateEvent(id: string, body: UpdateEventBody, scope?: 'this' | 'following'): Promise<Event> {
  // Issue 26: `following` saves the change to this and every later game of its series.
  const query = scope ? `?scope=${scope}` : '';
  return apiRequest<Event>('PATCH', `/api/events/${encodeURIComponent(id)}${query}`, body);
}

/** Saves an edit; the event changes wherever it is cached and the lists refresh. */
export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title: EVENT_TEXTS.eventUpdateFailed } },
    mutationFn: ({ id, body, scope }: { id: string; body: UpdateEventBody; scope?: 'this' | 'following' }) =>
      updateEvent(id, body, scope),
    onSuccess: (event) => {
      if (event.seriesId) void queryClient.invalidateQueries({ queryKey: ['event-series', event.seriesId] });
      updateCachedEvent(queryClient, event.id, (cached) => ({ ...event, distance: cached.distance }));
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}
