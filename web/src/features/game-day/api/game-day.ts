import type {
  EventMessage,
  EventMessageBody,
  EventMessagesAnswer,
  RosterAnswer,
  SignedWaiver,
  WaiverSetting,
} from '@contract/game-day';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { queryRoots } from '@web/lib/query-keys';

/** Game day (issue 25): the roster, messages, an event's waiver and the viewer's own signed waivers. */
export const gameDayKeys = {
  all: ['game-day'] as const,
  roster: (id: string) => ['game-day', 'roster', id] as const,
  messages: (id: string) => ['game-day', 'messages', id] as const,
  waiver: (id: string) => ['game-day', 'waiver', id] as const,
  ownWaivers: () => ['game-day', 'own-waivers'] as const,
};

const eventPath = (id: string, rest: string) => `/api/events/${encodeURIComponent(id)}/${rest}`;

/** GET /api/events/{id}/roster.csv: the address the Download CSV link opens. */
export const rosterCsvUrl = (id: string) => eventPath(id, 'roster.csv');

export function useRoster(id: string) {
  return useQuery({
    queryKey: gameDayKeys.roster(id),
    queryFn: ({ signal }) => apiRequest<RosterAnswer>('GET', eventPath(id, 'roster'), undefined, { signal }),
  });
}

/** Organisers: POST /api/events/{id}/roster/{userId}/side {sideId}; a full side answers 409 (a toast). */
export function useMoveSide(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title: 'Failed to move the player' } },
    mutationFn: ({ userId, sideId }: { userId: string; sideId: string }) =>
      apiRequest<unknown>('POST', eventPath(id, `roster/${encodeURIComponent(userId)}/side`), { sideId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameDayKeys.roster(id) }),
  });
}

export function useEventMessages(id: string, enabled = true) {
  return useQuery({
    queryKey: gameDayKeys.messages(id),
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<EventMessagesAnswer>('GET', eventPath(id, 'messages'), undefined, { signal }),
  });
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title: 'Failed to send the message' } },
    mutationFn: (body: EventMessageBody) => apiRequest<EventMessage>('POST', eventPath(id, 'messages'), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameDayKeys.messages(id) }),
  });
}

export function useEventWaiver(id: string) {
  return useQuery({
    queryKey: gameDayKeys.waiver(id),
    queryFn: ({ signal }) => apiRequest<WaiverSetting>('GET', eventPath(id, 'waiver'), undefined, { signal }),
  });
}

/** PUT (a text) or DELETE (null) /api/events/{id}/waiver. */
export function useSetEventWaiver(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title: 'Failed to save the waiver' } },
    mutationFn: (text: string | null) =>
      text === null
        ? apiRequest<WaiverSetting>('DELETE', eventPath(id, 'waiver'))
        : apiRequest<WaiverSetting>('PUT', eventPath(id, 'waiver'), { text }),
    onSuccess: (answer) => {
      queryClient.setQueryData(gameDayKeys.waiver(id), answer);
      void queryClient.invalidateQueries({ queryKey: gameDayKeys.roster(id) });
      void queryClient.invalidateQueries({ queryKey: queryRoots.events });
    },
  });
}

export function useOwnWaivers() {
  return useQuery({
    queryKey: gameDayKeys.ownWaivers(),
    queryFn: ({ signal }) => apiRequest<SignedWaiver[]>('GET', '/api/user/waivers', undefined, { signal }),
  });
}
