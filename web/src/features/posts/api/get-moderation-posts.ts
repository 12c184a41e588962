import { PAGE_DEFAULT_LIMIT } from '@contract/common';
import type { FeedPost } from '@contract/posts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { postKeys } from './keys';

/**
 * The posts an admin moderates: GET /api/posts/feed, newest first, a page at a time with the
 * keyset cursor `before` (the last post's id). Kept under a key of its own (the feed's cache has
 * another shape) and dropped as soon as the view closes, so it is fresh on every visit.
 */
export const moderationPostsQueryKey = postKeys.moderation();

export const moderationPostsQueryOptions = (limit = PAGE_DEFAULT_LIMIT) =>
  infiniteQueryOptions({
    queryKey: postKeys.moderationPages(limit),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(limit) });
      if (pageParam) params.set('before', pageParam);
      return apiRequest<FeedPost[]>('GET', `/api/posts/feed?${params}`, undefined, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: FeedPost[]) => (last.length < limit ? undefined : last[last.length - 1]?.id),
    gcTime: 0,
  });

export function useModerationPosts(limit?: number) {
  return useInfiniteQuery(moderationPostsQueryOptions(limit));
}
