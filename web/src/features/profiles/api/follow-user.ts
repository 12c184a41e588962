import { type FollowAnswer, PROFILE_TEXTS, type UserProfile } from '@contract/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { profileQueryKey } from './get-profile';

/** POST /api/follow/{userId} → {isFollowing, followersCount}. */
export function followUser(userId: string): Promise<FollowAnswer> {
  return apiRequest<FollowAnswer>('POST', `/api/follow/${encodeURIComponent(userId)}`);
}

/** Puts a follow answer's state and count onto the cached profile. */
export function applyFollowAnswer(answer: FollowAnswer) {
  return (profile: UserProfile | undefined) => (profile ? { ...profile, ...answer } : profile);
}

export function useFollowUser(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followUser,
    meta: { errorToast: { title: PROFILE_TEXTS.followFailed } },
    onSuccess: (answer) =>
      queryClient.setQueryData<UserProfile>(profileQueryKey(username), applyFollowAnswer(answer)),
  });
}
