import type { ChangePasswordBody } from '@contract/auth';
import { AUTH_TEXTS } from '@contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

/** POST /api/user/password → 204: changed; every other session of the player has ended. */
export function changePassword(body: ChangePasswordBody): Promise<null> {
  return apiRequest<null>('POST', '/api/user/password', body);
}

export function useChangePassword(
  options: { onSuccess?: () => void; onError?: (error: Error) => void } = {},
) {
  return useMutation({
    mutationFn: changePassword,
    meta: { errorToast: { title: AUTH_TEXTS.passwordChangeFailed } },
    ...options,
  });
}
