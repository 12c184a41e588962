import type { CurrentUser, LoginBody } from '@contract/auth';
import { AUTH_TEXTS } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { setSignedInViewer } from '@web/lib/query-keys';

/** POST /api/login → the signed-in user. */
export function login(body: LoginBody): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('POST', '/api/login', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSignedInViewer(queryClient, user),
    meta: { errorToast: { title: AUTH_TEXTS.loginFailed } },
  });
}
