import { FEED_TEXTS, type FeedPost } from '@contract/posts';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { queryRoots } from '@web/lib/query-keys';
import { moderationPostsQueryKey } from './get-moderation-posts';
import { feedQueryKey, postKeys, userPostsKeyPrefix } from './keys';
import { removeCachedPost } from './post-cache';

/** DELETE /api/posts/{id} (its author or an admin) → 204. */
export async function deletePost(postId: string): Promise<void> {
  await apiRequest('DELETE', `/api/posts/${encodeURIComponent(postId)}`);
}

/** After a delete: the post leaves every cached list at once; lists and profile counts then refresh. */
export function forgetDeletedPost(queryClient: QueryClient, postId: string): void {
  removeCachedPost(queryClient, postId);
  queryClient.setQueriesData<InfiniteData<FeedPost[], string | undefined>>(
    { queryKey: moderationPostsQueryKey },
    (data) => data && { ...data, pages: data.pages.map((page) => page.filter((post) => post.id !== postId)) },
  );
  queryClient.removeQueries({ queryKey: postKeys.comments(postId) });
  void queryClient.invalidateQueries({ queryKey: feedQueryKey });
  void queryClient.invalidateQueries({ queryKey: userPostsKeyPrefix });
  void queryClient.invalidateQueries({ queryKey: queryRoots.profiles });
}

/** Deletes a post and forgets it everywhere (the feed, profiles, Moderate Posts): one operation. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    meta: { errorToast: { title: FEED_TEXTS.postDeleteFailed } },
    onSuccess: (_answer, postId) => forgetDeletedPost(queryClient, postId),
  });
}
