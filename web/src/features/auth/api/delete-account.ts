import { AUTH_TEXTS } from '@contract/auth';
import { apiRequest } from '@web/lib/api';
import { useSessionEndingRequest } from './sign-out';

/** DELETE /api/user → 204: the account and its data are gone and the session ends. */
export function deleteAccount(): Promise<null> {
  return apiRequest<null>('DELETE', '/api/user');
}

export function useDeleteAccount(options: { onSuccess?: () => void } = {}) {
  return useSessionEndingRequest(deleteAccount, AUTH_TEXTS.accountDeleteFailed, options);
}
