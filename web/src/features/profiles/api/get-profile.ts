import type { UserProfile } from '@contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileKeys } from './keys';

/** GET /api/profile/{username} (through the default GET of the key's parts). 404 → 'User not found'. */
export const profileQueryKey = profileKeys.detail;

export const profileQueryOptions = (username: string) =>
  queryOptions<UserProfile>({ queryKey: profileQueryKey(username) });

export function useProfile(username: string) {
  return useQuery(profileQueryOptions(username));
}
