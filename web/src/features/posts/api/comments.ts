import { COMMENTS_PAGE_SIZE, type Comment, FEED_TEXTS, POST_COMMENTS_DATA_ID } from '@contract/posts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { takeEmbedded } from '@web/lib/embedded';
import { useState } from 'react';
import { postKeys } from './keys';
import { updateCachedPost } from './post-cache';

export { COMMENTS_PAGE_SIZE };

export const commentsQueryKey = postKeys.comments;

type CommentPages = InfiniteData<Comment[], string | undefined>;

/**
 * One page of GET /api/posts/{id}/comments, oldest first, after the comment `after` when given.
 * A failed call is the error 'Failed to fetch comments' (SPEC §8); the answer is its cause.
 */
export async function getComments(postId: string, after?: string, signal?: AbortSignal): Promise<Comment[]> {
  const params = new URLSearchParams({ limit: String(COMMENTS_PAGE_SIZE) });
  if (after) params.set('before', after);
  try {
    return await apiRequest<Comment[]>(
      'GET',
      `/api/posts/${encodeURIComponent(postId)}/comments?${params}`,
      undefined,
      { signal },
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Error(FEED_TEXTS.fetchCommentsFailed, { cause: error });
  }
}

export const commentsQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: commentsQueryKey(postId),
    queryFn: ({ pageParam, signal }) => getComments(postId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Comment[]) =>
      last.length < COMMENTS_PAGE_SIZE ? undefined : last[last.length - 1]?.id,
    // Reopening the panel shows what is cached and refreshes it behind the scenes.
    staleTime: 0,
  });

/**
 * The first page of comments the server put in the HTML of /posts/{id} (with the post, decision
 * 020), taken once and only for that post's comments. Null without one.
 */
export function takeEmbeddedComments(postId: string): Comment[] | null {
  const list = takeEmbedded(POST_COMMENTS_DATA_ID);
  if (!Array.isArray(list)) return null;
  const id = postId.toLowerCase();
  return list.every((c) => typeof c === 'object' && c !== null && String(c.postId).toLowerCase() === id)
    ? (list as Comment[])
    : null;
}

/** The first page as the infinite query holds it. */
export const asCommentPages = (list: Comment[]): CommentPages => ({ pages: [list], pageParams: [undefined] });

/**
 * A post's comments; nothing is fetched unless `enabled` (the panel is open). On a post's own
 * page the first page comes with the HTML, and is not asked for again at once.
 */
export function useComments(postId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const [embedded] = useState(() => takeEmbeddedComments(postId));
  return useInfiniteQuery({
    ...commentsQueryOptions(postId),
    enabled,
    ...(embedded ? { initialData: asCommentPages(embedded), staleTime: 30_000 } : {}),
  });
}

function mapComments(queryClient: QueryClient, postId: string, map: (list: Comment[]) => Comment[]) {
  queryClient.setQueryData<CommentPages>(
    commentsQueryKey(postId),
    (data) => data && { ...data, pages: data.pages.map(map) },
  );
}

const bumpCommentsCount = (queryClient: QueryClient, postId: string, by: number) =>
  updateCachedPost(queryClient, postId, (post) => ({
    ...post,
    commentsCount: Math.max(0, post.commentsCount + by),
  }));

/** POST /api/posts/{id}/comments {content} → the new comment. */
export function addComment(postId: string, content: string): Promise<Comment> {
  return apiRequest<Comment>('POST', `/api/posts/${encodeURIComponent(postId)}/comments`, { content });
}

/** PATCH /api/comments/{commentId} {content} → the updated comment. */
export function updateComment(commentId: string, content: string): Promise<Comment> {
  return apiRequest<Comment>('PATCH', `/api/comments/${encodeURIComponent(commentId)}`, { content });
}

/** DELETE /api/comments/{commentId} → 204. */
export async function deleteComment(commentId: string): Promise<void> {
  await apiRequest('DELETE', `/api/comments/${encodeURIComponent(commentId)}`);
}

/** SPEC §5: the text is trimmed and sent only when something is left. */
export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title: FEED_TEXTS.errorTitle, fallback: FEED_TEXTS.postCommentFailed } },
    mutationFn: (content: string) => {
      const text = content.trim();
      if (!text) return Promise.reject(new Error('A comment needs some text'));
      return addComment(postId, text);
    },
    // The mutation settles once the list shows the new comment.
    onSuccess: async () => {
      bumpCommentsCount(queryClient, postId, 1);
      await queryClient.invalidateQueries({ queryKey: commentsQueryKey(postId) });
    },
  });
}

export function useUpdateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title: FEED_TEXTS.errorTitle, fallback: FEED_TEXTS.updateCommentFailed } },
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) =>
      updateComment(commentId, content.trim()),
    onSuccess: (updated) => {
      mapComments(queryClient, postId, (list) => list.map((c) => (c.id === updated.id ? updated : c)));
      void queryClient.invalidateQueries({ queryKey: commentsQueryKey(postId) });
    },
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title: FEED_TEXTS.errorTitle, fallback: FEED_TEXTS.deleteCommentFailed } },
    mutationFn: (commentId: string) => deleteComment(commentId),
    onSuccess: (_answer, commentId) => {
      mapComments(queryClient, postId, (list) => list.filter((c) => c.id !== commentId));
      bumpCommentsCount(queryClient, postId, -1);
      void queryClient.invalidateQueries({ queryKey: commentsQueryKey(postId) });
    },
  });
}
