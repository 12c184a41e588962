import type { CurrentUser, RegisterBody, RegistrationPending } from '@contract/auth';
import { AUTH_TEXTS } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { setSignedInViewer } from '@web/lib/query-keys';

/**
 * POST /api/register {username, email, password} → 201 with the new, signed-in user; or, when the
 * site sends mail, 202 { message }: the account is made from the link mailed to the address.
 */
export function register({
  username,
  email,
  password,
}: RegisterBody): Promise<CurrentUser | RegistrationPending> {
  // Only these three fields: the form's confirmPassword is never sent (SPEC §5).
  return apiRequest<CurrentUser | RegistrationPending>('POST', '/api/register', {
    username,
    email,
    password,
  });
}

/** A 201's user (signed in at once), not a 202's "check your email". */
export const isSignedInUser = (answer: CurrentUser | RegistrationPending): answer is CurrentUser =>
  'id' in answer;

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (answer) => {
      if (isSignedInUser(answer)) setSignedInViewer(queryClient, answer);
    },
    // SPEC §8: a plain toast, not a destructive one.
    meta: { errorToast: { title: AUTH_TEXTS.registrationFailed, variant: 'default' } },
  });
}
