import { PAGE_DEFAULT_LIMIT } from '@contract/common';
import type { FeedPost } from '@contract/posts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { bookmarksQueryKey } from './keys';

export const BOOKMARKS_PAGE_SIZE = PAGE_DEFAULT_LIMIT;

/** One page of GET /api/user/bookmarks: newest bookmark first, after the post `before` when given. */
export function getBookmarksPage(before: string | undefined, signal?: AbortSignal): Promise<FeedPost[]> {
  const params = new URLSearchParams({ limit: String(BOOKMARKS_PAGE_SIZE) });
  if (before) params.set('before', before);
  return apiRequest<FeedPost[]>('GET', `/api/user/bookmarks?${params}`, undefined, { signal });
}

/** The viewer's bookmarks, 20 a page; the next page starts after the last post shown. */
export const bookmarksQueryOptions = infiniteQueryOptions({
  queryKey: bookmarksQueryKey,
  queryFn: ({ pageParam, signal }) => getBookmarksPage(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: FeedPost[]) =>
    last.length < BOOKMARKS_PAGE_SIZE ? undefined : last[last.length - 1]?.id,
});

export function useBookmarks() {
  return useInfiniteQuery(bookmarksQueryOptions);
}
