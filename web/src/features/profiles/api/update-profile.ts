import type { CurrentUser } from '@contract/auth';
import type { UpdateProfileBody } from '@contract/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { userQueryKey } from '@web/lib/auth';

/** PATCH /api/profile with any of username, bio, location, avatar, coverImage → the updated user. */
export function updateProfile(body: UpdateProfileBody): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('PATCH', '/api/profile', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      return queryClient.invalidateQueries({ queryKey: ['/api/profile'] });
    },
  });
}
