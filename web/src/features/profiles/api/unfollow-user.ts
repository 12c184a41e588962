import { type FollowAnswer, PROFILE_TEXTS, type UserProfile } from '@contract/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { applyFollowAnswer } from './follow-user';
import { profileQueryKey } from './get-profile';

/** POST /api/unfollow/{userId} → {isFollowing, followersCount}. */
export function unfollowUser(userId: string): Promise<FollowAnswer> {
  return apiRequest<FollowAnswer>('POST', `/api/unfollow/${encodeURIComponent(userId)}`);
}

export function useUnfollowUser(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfollowUser,
    meta: { errorToast: { title: PROFILE_TEXTS.unfollowFailed } },
    onSuccess: (answer) =>
      queryClient.setQueryData<UserProfile>(profileQueryKey(username), applyFollowAnswer(answer)),
  });
}
