import type { Event } from '@contract/events';
import type { CreateSeriesBody, EventSeriesAnswer } from '@contract/series';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { eventKeys, updateCachedEvent } from './keys';

/** Weekly games (issue 26): a series' page, making one from an event, confirming a game. */
export const seriesKey = (id: string) => ['event-series', id] as const;
export const seriesPath = (id: string) => `/events/series/${encodeURIComponent(id)}`;

export function useSeries(id: string | null | undefined) {
  return useQuery({
    queryKey: seriesKey(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) =>
      apiRequest<EventSeriesAnswer>('GET', `/api/event-series/${encodeURIComponent(id ?? '')}`, undefined, {
        signal,
      }),
  });
}

/** POST /api/events/{id}/series; the event (now in a series) and the lists refresh. */
export function useCreateSeries(eventId: string, title: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title } },
    mutationFn: (body: CreateSeriesBody) =>
      apiRequest<EventSeriesAnswer>('POST', `/api/events/${encodeURIComponent(eventId)}/series`, body),
    onSuccess: (series) => {
      queryClient.setQueryData(seriesKey(series.id), series);
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}

/** POST /api/events/{id}/confirm: the organiser confirms a game of a series will run. */
export function useConfirmGame(eventId: string, title: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title } },
    mutationFn: () => apiRequest<Event>('POST', `/api/events/${encodeURIComponent(eventId)}/confirm`),
    onSuccess: (event) => {
      updateCachedEvent(queryClient, event.id, (cached) => ({ ...event, distance: cached.distance }));
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      if (event.seriesId) void queryClient.invalidateQueries({ queryKey: seriesKey(event.seriesId) });
    },
  });
}
