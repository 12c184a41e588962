import type { FeedPost } from '@contract/profiles';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { moderationPostsQueryKey } from './get-moderation-posts';

/** DELETE /api/posts/{id} (its author or an admin) → 204. */
export async function deletePost(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/posts/${encodeURIComponent(id)}`);
}

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
      void queryClient.invalidateQueries({ queryKey: ['/api/posts/feed'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/posts/user'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/profile'] });
    },
  });
}
