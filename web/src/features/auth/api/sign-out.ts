import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '@web/lib/auth';

/** Signed out: the user becomes `null` and every other cached answer is dropped. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.setQueryData(userQueryKey, null);
  queryClient.removeQueries({
    predicate: (query) => !(query.queryKey.length === 1 && query.queryKey[0] === userQueryKey[0]),
  });
}

/**
 * A request that ends the session (logout, account deletion): on success the player is signed
 * out here too, then `onSuccess` runs; a failure toasts `errorTitle` with the server's message.
 */
export function useSessionEndingRequest(
  request: () => Promise<null>,
  errorTitle: string,
  { onSuccess }: { onSuccess?: () => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      clearSession(queryClient);
      onSuccess?.();
    },
    meta: { errorToast: { title: errorTitle } },
  });
}
