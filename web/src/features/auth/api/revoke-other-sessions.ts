import { AUTH_TEXTS } from '@contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

/** POST /api/user/sessions/revoke-others → 204: every session but this one has ended. */
export function revokeOtherSessions(): Promise<null> {
  return apiRequest<null>('POST', '/api/user/sessions/revoke-others');
}

export function useRevokeOtherSessions(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: revokeOtherSessions,
    meta: { errorToast: { title: AUTH_TEXTS.otherSessionsRevokeFailed } },
    ...options,
  });
}
