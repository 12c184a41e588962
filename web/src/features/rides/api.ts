import type { CreateRideBody, Ride, RideRequestBody, RidesAnswer } from '@contract/rides';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

/** Carpools (issue 26): an event's board and its writes; each write reloads the board. */
export const ridesKey = (eventId: string) => ['rides', eventId] as const;

export function useRides(eventId: string, enabled = true) {
  return useQuery({
    queryKey: ridesKey(eventId),
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<RidesAnswer>('GET', `/api/events/${encodeURIComponent(eventId)}/rides`, undefined, {
        signal,
      }),
  });
}

function useBoardWrite<V>(eventId: string, title: string, write: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title } },
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ridesKey(eventId) }),
  });
}

export const usePostRide = (eventId: string, title: string) =>
  useBoardWrite(eventId, title, (body: CreateRideBody) =>
    apiRequest<Ride>('POST', `/api/events/${encodeURIComponent(eventId)}/rides`, body),
  );

export const useRequestRide = (eventId: string, title: string) =>
  useBoardWrite(eventId, title, ({ rideId, ...body }: RideRequestBody & { rideId: string }) =>
    apiRequest<Ride>('POST', `/api/rides/${encodeURIComponent(rideId)}/requests`, body),
  );

export const useRespondRide = (eventId: string, title: string) =>
  useBoardWrite(eventId, title, ({ requestId, accept }: { requestId: string; accept: boolean }) =>
    apiRequest<Ride>('POST', `/api/ride-requests/${encodeURIComponent(requestId)}/respond`, { accept }),
  );

export const useDeleteRide = (eventId: string, title: string) =>
  useBoardWrite(eventId, title, (rideId: string) =>
    apiRequest<unknown>('DELETE', `/api/rides/${encodeURIComponent(rideId)}`),
  );
