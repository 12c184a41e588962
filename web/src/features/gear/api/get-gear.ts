import type { GearCategory, GearPost } from '@contract/gear';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { userListPath } from '@web/lib/query-keys';
import { gearKeys } from './keys';

export const GEAR_PAGE = 20;

const query = (params: Record<string, string | number | undefined | null>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) search.set(k, String(v));
  return search.size > 0 ? `?${search}` : '';
};

/** GET /api/gear/to-rate: gear the player neither posted nor rated, newest first. */
export function getGearToRate(signal?: AbortSignal): Promise<GearPost[]> {
  return apiRequest<GearPost[]>('GET', `/api/gear/to-rate${query({ limit: GEAR_PAGE })}`, undefined, {
    signal,
  });
}

export function useGearToRate() {
  return useQuery({ queryKey: gearKeys.toRate(), queryFn: ({ signal }) => getGearToRate(signal) });
}

/** GET /api/gear/top-rated: rated gear by weighted rating, of one category when given. */
export function getTopRated(
  params: { category: GearCategory | null; before?: string },
  signal?: AbortSignal,
): Promise<GearPost[]> {
  const q = query({ category: params.category, limit: GEAR_PAGE, before: params.before });
  return apiRequest<GearPost[]>('GET', `/api/gear/top-rated${q}`, undefined, { signal });
}

const nextCursor = (last: GearPost[]) => (last.length < GEAR_PAGE ? undefined : last[last.length - 1]?.id);

export function useTopRated(category: GearCategory | null) {
  return useInfiniteQuery({
    queryKey: gearKeys.topRated(category),
    queryFn: ({ pageParam, signal }) => getTopRated({ category, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
}

/** GET /api/user/{userId}/gear: a player's gear, newest first. */
export function getUserGear(userId: string, before?: string, signal?: AbortSignal): Promise<GearPost[]> {
  return apiRequest<GearPost[]>(
    'GET',
    `${userListPath('gear', userId)}${query({ limit: GEAR_PAGE, before })}`,
    undefined,
    { signal },
  );
}

export function useUserGear(userId: string) {
  return useInfiniteQuery({
    queryKey: gearKeys.userGear(userId),
    queryFn: ({ pageParam, signal }) => getUserGear(userId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
}
