import { AUTH_TEXTS } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { clearSession } from './sign-out';

/** DELETE /api/user → 204: the account and its data are gone and the session ends. */
export function deleteAccount(): Promise<null> {
  return apiRequest<null>('DELETE', '/api/user');
}

export function useDeleteAccount({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearSession(queryClient);
      onSuccess?.();
    },
    meta: { errorToast: { title: AUTH_TEXTS.accountDeleteFailed } },
  });
}
