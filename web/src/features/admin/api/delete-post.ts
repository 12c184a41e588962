import type { FeedPost } from '@contract/profiles';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { deletePost, forgetDeletedPost } from '@web/features/posts/api/delete-post';
import { moderationPostsQueryKey } from './get-moderation-posts';

/** Deletes a post, drops it from the moderation list at once and refreshes the feeds. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<InfiniteData<FeedPost[], string | undefined>>(
        { queryKey: moderationPostsQueryKey },
        (data) => data && { ...data, pages: data.pages.map((page) => page.filter((post) => post.id !== id)) },
      );
      forgetDeletedPost(queryClient, id);
    },
  });
}
