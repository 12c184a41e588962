import type { FollowAnswer, UserProfile } from '@contract/profiles';
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
    onSuccess: (answer) =>
      queryClient.setQueryData<UserProfile>(profileQueryKey(username), applyFollowAnswer(answer)),
  });
}
