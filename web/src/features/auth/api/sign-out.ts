import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearViewerData } from '@web/lib/query-keys';

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
      clearViewerData(queryClient);
      onSuccess?.();
    },
    meta: { errorToast: { title: errorTitle } },
  });
}
