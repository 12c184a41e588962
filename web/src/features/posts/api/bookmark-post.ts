import { BOOKMARK_TEXTS, type BookmarkAnswer } from '@contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { bookmarksQueryKey } from './keys';
import { cancelPostLists, updateCachedPost } from './post-cache';

/** PUT /api/posts/{id}/bookmark to keep a post, DELETE to let it go; both answer {isBookmarked}. */
export function setBookmark(postId: string, bookmarked: boolean): Promise<BookmarkAnswer> {
  return apiRequest<BookmarkAnswer>(
    bookmarked ? 'PUT' : 'DELETE',
    `/api/posts/${encodeURIComponent(postId)}/bookmark`,
  );
}

export const bookmarkMutationKey = (postId: string) => ['bookmark-post', postId] as const;

/**
 * The bookmark button, as Like is done: the state flips at once in every cached copy of the post
 * (feed, profile lists, bookmarks, its page), is restored if the server refuses (with a toast),
 * and the Bookmarks list is refreshed once the last click of a burst is stored. Clicks on one
 * post run one after the other (a shared mutation scope).
 */
export function useBookmarkPost(postId: string) {
  const queryClient = useQueryClient();
  const mutationKey = bookmarkMutationKey(postId);
  return useMutation({
    mutationKey,
    scope: { id: `bookmark-post:${postId}` },
    mutationFn: (bookmarked: boolean) => setBookmark(postId, bookmarked),
    onMutate: async (bookmarked) => {
      await cancelPostLists(queryClient);
      let changed = false;
      updateCachedPost(queryClient, postId, (post) => {
        if (post.isBookmarked === bookmarked) return post;
        changed = true;
        return { ...post, isBookmarked: bookmarked };
      });
      return { changed };
    },
    onError: (_error, bookmarked, context) => {
      toast({ variant: 'destructive', title: BOOKMARK_TEXTS.saveFailed });
      if (!context?.changed) return;
      updateCachedPost(queryClient, postId, (post) =>
        post.isBookmarked === bookmarked ? { ...post, isBookmarked: !bookmarked } : post,
      );
    },
    onSuccess: (answer) => {
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      updateCachedPost(queryClient, postId, (post) => ({ ...post, ...answer }));
      void queryClient.invalidateQueries({ queryKey: bookmarksQueryKey });
    },
  });
}
