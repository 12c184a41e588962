import type { CurrentUser } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { setSignedInViewer } from '@web/lib/query-keys';

/** POST /api/register/confirm {token} → 201 with the new, signed-in user (the mailed link). */
export function confirmRegistration(token: string): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('POST', '/api/register/confirm', { token });
}

/** The page shows its own error (no toast): the link expired, was used, or the name was taken meanwhile. */
export function useConfirmRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmRegistration,
    onSuccess: (user) => setSignedInViewer(queryClient, user),
  });
}
