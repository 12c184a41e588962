import { GEAR_TEXTS, type GearBodyInput, type GearPost, type RateGearAnswer } from '@contract/gear';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { gearKeys } from './keys';

/** POST /api/gear → 201 the gear post. */
export function createGear(body: GearBodyInput): Promise<GearPost> {
  return apiRequest<GearPost>('POST', '/api/gear', body);
}

export function useCreateGear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGear,
    meta: { errorToast: { title: GEAR_TEXTS.postFailed } },
    onSuccess: (gear) => {
      void queryClient.invalidateQueries({ queryKey: gearKeys.userGear(gear.user.id) });
    },
  });
}

/**
 * POST /api/gear/{id}/rate → the item with its new average and count, and whether the rating
 * counts yet (`counted`; a fresh account's is kept and `message` says when it will count).
 */
export function rateGear({ id, rating }: { id: string; rating: number }): Promise<RateGearAnswer> {
  return apiRequest<RateGearAnswer>('POST', `/api/gear/${encodeURIComponent(id)}/rate`, { rating });
}

/**
 * Rating keeps the to-rate list where it is (the page moves on locally, SPEC §4): the rated item
 * is replaced in place by the answer; Top Rated is refreshed when next shown.
 */
export function useRateGear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateGear,
    meta: { errorToast: { title: GEAR_TEXTS.rateFailed } },
    onSuccess: ({ counted: _counted, message: _message, ...gear }) => {
      queryClient.setQueryData<GearPost[]>(gearKeys.toRate(), (list) =>
        list?.map((g) => (g.id === gear.id ? gear : g)),
      );
      void queryClient.invalidateQueries({ queryKey: gearKeys.topRatedLists() });
      void queryClient.invalidateQueries({ queryKey: gearKeys.userGear(gear.user.id) });
    },
  });
}
