import { CREATE_POST_TEXTS, type CreatePostBody } from '@contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { queryRoots } from '@web/lib/query-keys';
import { postKeys } from './keys';

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
    meta: { errorToast: { title: CREATE_POST_TEXTS.errorTitle, fallback: CREATE_POST_TEXTS.createFailed } },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: postKeys.feed() });
      void queryClient.invalidateQueries({ queryKey: postKeys.users() });
      void queryClient.invalidateQueries({ queryKey: queryRoots.profiles });
    },
  });
}
