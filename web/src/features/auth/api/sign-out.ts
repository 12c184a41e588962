import type { QueryClient } from '@tanstack/react-query';
import { userQueryKey } from '@web/lib/auth';

/** Signed out: the user becomes `null` and every other cached answer is dropped. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.setQueryData(userQueryKey, null);
  queryClient.removeQueries({
    predicate: (query) => !(query.queryKey.length === 1 && query.queryKey[0] === userQueryKey[0]),
  });
}
