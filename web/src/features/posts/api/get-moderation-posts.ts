import { PAGE_DEFAULT_LIMIT } from '@contract/common';
import type { FeedPost, ModerationComment } from '@contract/posts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { postKeys } from './keys';

/**
 * The posts an admin moderates: GET /api/posts/feed, newest first, a page at a time with the
 * keyset cursor `before` (the last post's id). Kept under a key of its own (the feed's cache has
 * another shape) and dropped as soon as the view closes, so it is fresh on every visit.
 */
export const moderationPostsQueryKey = postKeys.moderation();

export const moderationPostsQueryOptions = (limit = PAGE_DEFAULT_LIMIT, search: ModerationSearch = {}) =>
  infiniteQueryOptions({
    queryKey:
      search.q || search.author
        ? postKeys.moderationSearch(search.q ?? '', search.author ?? '', limit)
        : postKeys.moderationPages(limit),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(limit) });
      if (pageParam) params.set('before', pageParam);
      // A search goes to the admin's route (issue 24); the plain list is the feed.
      if (search.q) params.set('q', search.q);
      if (search.author) params.set('author', search.author);
      const path = search.q || search.author ? '/api/admin/posts' : '/api/posts/feed';
      return apiRequest<FeedPost[]>('GET', `${path}?${params}`, undefined, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: FeedPost[]) => (last.length < limit ? undefined : last[last.length - 1]?.id),
    gcTime: 0,
  });

export interface ModerationSearch {
  q?: string;
  author?: string;
}

export function useModerationPosts(limit?: number, search?: ModerationSearch) {
  return useInfiniteQuery(moderationPostsQueryOptions(limit, search));
}

/** GET /api/admin/comments?q&author: comments newest first, each with its post's start (issue 24). */
export const moderationCommentsQueryOptions = (limit = PAGE_DEFAULT_LIMIT, search: ModerationSearch = {}) =>
  infiniteQueryOptions({
    queryKey: postKeys.moderationComments(search.q ?? '', search.author ?? '', limit),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(limit) });
      if (pageParam) params.set('before', pageParam);
      if (search.q) params.set('q', search.q);
      if (search.author) params.set('author', search.author);
      return apiRequest<ModerationComment[]>('GET', `/api/admin/comments?${params}`, undefined, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ModerationComment[]) =>
      last.length < limit ? undefined : last[last.length - 1]?.id,
    gcTime: 0,
  });

export function useModerationComments(limit?: number, search?: ModerationSearch) {
  return useInfiniteQuery(moderationCommentsQueryOptions(limit, search));
}
