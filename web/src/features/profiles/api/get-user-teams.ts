import type { ProfileTeam } from '@contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/user/{userId}/teams: the teams a player belongs to. */
export const userTeamsQueryOptions = (userId: string) =>
  queryOptions<ProfileTeam[]>({ queryKey: ['/api/user', userId, 'teams'] });

export function useUserTeams(userId: string | undefined) {
  return useQuery({ ...userTeamsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
