import type { CurrentUser } from '@contract/auth';
import { PROFILE_TEXTS, type UpdateProfileBody } from '@contract/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { userQueryKey } from '@web/lib/auth';
import { profileKeys } from './keys';

/** PATCH /api/profile with any of username, bio, location, avatar, coverImage → the updated user. */
export function updateProfile(body: UpdateProfileBody): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('PATCH', '/api/profile', body);
}

/** `errorTitle`: the toast a failure shows (the profile form, the avatar and the banner say it differently). */
export function useUpdateProfile(errorTitle: string = PROFILE_TEXTS.profileUpdateFailed) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { errorToast: { title: errorTitle } },
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      return queryClient.invalidateQueries({ queryKey: profileKeys.all() });
    },
  });
}
