import type { UserProfile } from '@contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { takeEmbeddedProfile } from './embedded-profile';
import { profileKeys } from './keys';

/** GET /api/profile/{username} (through the default GET of the key's parts). 404 → 'User not found'. */
export const profileQueryKey = profileKeys.detail;

export const profileQueryOptions = (username: string) =>
  queryOptions<UserProfile>({ queryKey: profileQueryKey(username) });

/**
 * The profile; when the HTML of /profile/{username} carried it, that is the query's data when the
 * query is first made (the same key): no request for it, then the usual rules (refetched when
 * invalidated, as after a follow).
 */
export function useProfile(username: string) {
  return useQuery({
    ...profileQueryOptions(username),
    initialData: () => takeEmbeddedProfile(username) ?? undefined,
  });
}
