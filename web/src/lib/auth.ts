import type { CurrentUser } from '@contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api';
import { authKeys } from './query-keys';

/**
 * The signed-in user (SPEC §4 Authentication): loading, then signed in or signed out.
 * A 401 on GET /api/user means signed out (`null`). Login and registration put the user here;
 * logout and account deletion put `null`.
 */
export const userQueryKey = authKeys.currentUser();

export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
});

export function useUser() {
  const query = useQuery(userQueryOptions);
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}
