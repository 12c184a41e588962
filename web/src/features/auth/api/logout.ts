import { AUTH_TEXTS } from '@contract/auth';
import { apiRequest } from '@web/lib/api';
import { useSessionEndingRequest } from './sign-out';

/** POST /api/logout → 204. */
export function logout(): Promise<null> {
  return apiRequest<null>('POST', '/api/logout');
}

export function useLogout(options: { onSuccess?: () => void } = {}) {
  return useSessionEndingRequest(logout, AUTH_TEXTS.logoutFailed, options);
}
