import type { UserBadgesAnswer } from '@contract/badges';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { userListPath } from '@web/lib/query-keys';
import { badgeKeys } from './keys';

/**
 * GET /api/user/{userId}/badges. Badges change with what the player does anywhere (posts, events,
 * teams, gear), so unlike the app's default this answer is read again each time a profile shows it.
 */
export const userBadgesQueryOptions = (userId: string) =>
  queryOptions<UserBadgesAnswer>({
    queryKey: badgeKeys.user(userId),
    queryFn: ({ signal }) =>
      apiRequest<UserBadgesAnswer>('GET', userListPath('badges', userId), undefined, { signal }),
    staleTime: 0,
  });

export function useUserBadges(userId: string) {
  return useQuery(userBadgesQueryOptions(userId));
}
