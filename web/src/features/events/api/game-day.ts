import type { Event } from '@contract/events';
import type { ConfirmSquadBody, CreateSquadBody, Squad } from '@contract/sides';
import type { RegistrationBody } from '@contract/waivers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { eventKeys } from './keys';

/**
 * Game day (issue 25) on the event page: registering on a side, squads (made by a team's leader,
 * confirmed by each member) and organisers moving players between sides. Loaded with the event
 * page only.
 */

const base = (id: string) => `/api/events/${encodeURIComponent(id)}`;
export const squadsKey = (id: string) => [...eventKeys.detail(id), 'squads'] as const;

/** Takes the event's answer everywhere it is cached, and refreshes the lists. */
function useEventAnswer() {
  const queryClient = useQueryClient();
  return (event: Event) => {
    queryClient.setQueryData(eventKeys.detail(event.id), event);
    void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
  };
}

/** POST /api/events/{id}/registration {sideId?}: a side, or none for "any" (the smaller side). */
export function useRegisterOnSide(id: string) {
  const take = useEventAnswer();
  return useMutation({
    meta: { errorToast: { title: 'Registration failed' } },
    mutationFn: (body: RegistrationBody) => apiRequest<Event>('POST', `${base(id)}/registration`, body),
    onSuccess: take,
  });
}

/** POST /api/events/{id}/roster/{userId}/side (organisers). */
export function useMoveToSide(id: string) {
  const take = useEventAnswer();
  return useMutation({
    meta: { errorToast: { title: 'Could not move the player' } },
    mutationFn: ({ userId, sideId }: { userId: string; sideId: string }) =>
      apiRequest<Event>('POST', `${base(id)}/roster/${encodeURIComponent(userId)}/side`, { sideId }),
    onSuccess: take,
  });
}

/** GET /api/events/{id}/squads: the viewer's squads (organisers: all). */
export function useSquads(id: string, enabled: boolean) {
  return useQuery({
    queryKey: squadsKey(id),
    queryFn: ({ signal }) => apiRequest<Squad[]>('GET', `${base(id)}/squads`, undefined, { signal }),
    enabled,
  });
}

/** POST /api/events/{id}/squads, then the squads and the event refresh. */
export function useCreateSquad(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title: 'Could not create the squad' } },
    mutationFn: (body: CreateSquadBody) => apiRequest<Squad>('POST', `${base(id)}/squads`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) }),
  });
}

/**
 * POST /api/events/{id}/squads/{squadId}/confirm {waiver?}; the last confirmation registers the
 * squad. The waiver's answers go with it when the event requires one (issue 25).
 */
export function useConfirmSquad(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title: 'Could not confirm' } },
    mutationFn: ({ squadId, ...body }: { squadId: string } & ConfirmSquadBody) =>
      apiRequest<Squad>(
        'POST',
        `${base(id)}/squads/${encodeURIComponent(squadId)}/confirm`,
        body.waiver ? body : undefined,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) }),
  });
}
