import type { ProfileTeam } from '@contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { userListPath } from '@web/lib/query-keys';
import { profileKeys } from './keys';

/** GET /api/user/{userId}/teams: the teams a player belongs to. */
export const userTeamsQueryOptions = (userId: string) =>
  queryOptions<ProfileTeam[]>({
    queryKey: profileKeys.teams(userId),
    queryFn: ({ signal }) =>
      apiRequest<ProfileTeam[]>('GET', userListPath('teams', userId), undefined, { signal }),
  });

export function useUserTeams(userId: string | undefined) {
  return useQuery({ ...userTeamsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
