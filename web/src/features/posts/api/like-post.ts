import type { LikeAnswer } from '@contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { feedQueryKey, userPostsKeyPrefix } from './keys';
import { cancelPostLists, updateCachedPost } from './post-cache';

/** POST /api/posts/{id}/like to like, DELETE to unlike; both answer {isLiked, likesCount}. */
export function setLike(postId: string, like: boolean): Promise<LikeAnswer> {
  return apiRequest<LikeAnswer>(like ? 'POST' : 'DELETE', `/api/posts/${encodeURIComponent(postId)}/like`);
}

export const likeMutationKey = (postId: string) => ['like-post', postId] as const;

/**
 * SPEC §4 Like: the state and count flip at once in every cached copy of the post (feed pages
 * and profile lists), are silently restored on failure, and the feed is refreshed on success.
 * Clicks on one post run one after the other (a shared mutation scope), and only the last of a
 * burst refreshes, so a late answer never undoes a newer click.
 */
export function useLikePost(postId: string) {
  const queryClient = useQueryClient();
  const mutationKey = likeMutationKey(postId);
  return useMutation({
    mutationKey,
    scope: { id: `like-post:${postId}` },
    mutationFn: (like: boolean) => setLike(postId, like),
    onMutate: async (like) => {
      await cancelPostLists(queryClient);
      let changed = false;
      updateCachedPost(queryClient, postId, (post) => {
        if (post.isLiked === like) return post;
        changed = true;
        return { ...post, isLiked: like, likesCount: Math.max(0, post.likesCount + (like ? 1 : -1)) };
      });
      return { changed };
    },
    onError: (_error, like, context) => {
      if (!context?.changed) return;
      updateCachedPost(queryClient, postId, (post) =>
        post.isLiked === like
          ? { ...post, isLiked: !like, likesCount: Math.max(0, post.likesCount + (like ? -1 : 1)) }
          : post,
      );
    },
    onSuccess: (answer) => {
      // A newer click on this post is still on its way: its own answer will settle things.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      updateCachedPost(queryClient, postId, (post) => ({ ...post, ...answer }));
      void queryClient.invalidateQueries({ queryKey: feedQueryKey });
      void queryClient.invalidateQueries({ queryKey: userPostsKeyPrefix });
    },
  });
}
