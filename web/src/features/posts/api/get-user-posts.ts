import type { FeedPost } from '@contract/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { postKeys } from './keys';

/** GET /api/posts/user/{userId}: a player's posts, newest first. */
export const userPostsQueryOptions = (userId: string) =>
  queryOptions<FeedPost[]>({ queryKey: postKeys.user(userId) });

export function useUserPosts(userId: string | undefined) {
  return useQuery({ ...userPostsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
