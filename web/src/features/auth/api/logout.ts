import { AUTH_TEXTS } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { clearSession } from './sign-out';

/** POST /api/logout → 204. */
export function logout(): Promise<null> {
  return apiRequest<null>('POST', '/api/logout');
}

export function useLogout({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearSession(queryClient);
      onSuccess?.();
    },
    meta: { errorToast: { title: AUTH_TEXTS.logoutFailed } },
  });
}
