import type { QueryClient } from '@tanstack/react-query';
import { userListKeys } from '@web/lib/query-keys';
import { teamKeys } from './keys';

/**
 * After a change of membership: every teams query, and every player's team list on profiles
 * (GET /api/user/{userId}/teams), by the prefix of the user-scoped lists.
 */
export function refreshTeams(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    queryClient.invalidateQueries({ queryKey: userListKeys.all('teams') }),
  ]).then(() => undefined);
}
