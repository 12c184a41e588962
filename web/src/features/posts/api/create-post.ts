import type { CreatePostBody } from '@contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

/** POST /api/posts {caption, images}: the answer is not read (SPEC §7). */
export async function createPost(body: CreatePostBody): Promise<void> {
  await apiRequest('POST', '/api/posts', body);
}

/**
 * Creates a post, then refreshes the feed, the author's post list and profile counts. The
 * refresh is not awaited: the dialog closes as soon as the post is stored.
 */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/posts/feed'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/posts/user'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/profile'] });
    },
  });
}
