import type { QueryClient } from '@tanstack/react-query';
import { teamKeys } from './keys';

/**
 * After a change of membership: every teams query, and the players' team lists on profiles
 * (GET /api/user/{userId}/teams, read by the default GET of its parts).
 */
export function refreshTeams(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) => queryKey[0] === '/api/user' && queryKey[2] === 'teams',
    }),
  ]).then(() => undefined);
}
