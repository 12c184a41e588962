import { type FeedPost, POST_PAGE_DATA_ID } from '@contract/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasEmbedded, takeEmbeddedWhere } from '@web/lib/embedded';
import { postKeys } from './keys';

/** GET /api/posts/{id} (through the default GET of the key's parts). 404 → 'Post not found'. */
export const postQueryKey = postKeys.post;

export const postQueryOptions = (postId: string) =>
  queryOptions<FeedPost>({ queryKey: postQueryKey(postId) });

/**
 * The post that the server put in the HTML of /posts/{id} (decision 020), taken once and only for
 * the id it was sent for. Null without one (other paths, an unknown id, an error on the server).
 */
export const takeEmbeddedPost = (postId: string) =>
  takeEmbeddedWhere<FeedPost>(POST_PAGE_DATA_ID, 'id', postId);

/** Whether the HTML carries a post not yet taken. */
export const hasEmbeddedPost = () => hasEmbedded(POST_PAGE_DATA_ID);

/** The post of /posts/{id}: from the HTML when it carried it, else from the API. */
export function usePost(postId: string) {
  return useQuery({ ...postQueryOptions(postId), initialData: () => takeEmbeddedPost(postId) ?? undefined });
}
