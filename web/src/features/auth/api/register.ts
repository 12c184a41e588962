import type { CurrentUser, RegisterBody } from '@contract/auth';
import { AUTH_TEXTS } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { setSignedInViewer } from '@web/lib/query-keys';

/** POST /api/register {username, email, password} → 201 with the new, signed-in user. */
export function register({ username, email, password }: RegisterBody): Promise<CurrentUser> {
  // Only these three fields: the form's confirmPassword is never sent (SPEC §5).
  return apiRequest<CurrentUser>('POST', '/api/register', { username, email, password });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => setSignedInViewer(queryClient, user),
    // SPEC §8: a plain toast, not a destructive one.
    meta: { errorToast: { title: AUTH_TEXTS.registrationFailed, variant: 'default' } },
  });
}
