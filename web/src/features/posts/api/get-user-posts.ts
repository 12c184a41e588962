import type { FeedPost } from '@contract/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/posts/user/{userId}: a player's posts, newest first. */
export const userPostsQueryOptions = (userId: string) =>
  queryOptions<FeedPost[]>({ queryKey: ['/api/posts/user', userId] });

export function useUserPosts(userId: string | undefined) {
  return useQuery({ ...userPostsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
