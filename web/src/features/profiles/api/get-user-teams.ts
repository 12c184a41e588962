import type { ProfileTeam } from '@contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileKeys } from './keys';

/** GET /api/user/{userId}/teams: the teams a player belongs to. */
export const userTeamsQueryOptions = (userId: string) =>
  queryOptions<ProfileTeam[]>({ queryKey: profileKeys.teams(userId) });

export function useUserTeams(userId: string | undefined) {
  return useQuery({ ...userTeamsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
