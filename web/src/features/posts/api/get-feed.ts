import { PAGE_DEFAULT_LIMIT } from '@contract/common';
import type { FeedPost } from '@contract/posts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { takeEmbeddedFeedPage } from './embedded-feed';
import { feedQueryKey } from './keys';

export const FEED_PAGE_SIZE = PAGE_DEFAULT_LIMIT;

/** One page of GET /api/posts/feed: newest first, older than the post `before` when given. */
export function getFeedPage(before: string | undefined, signal?: AbortSignal): Promise<FeedPost[]> {
  const params = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (before) params.set('before', before);
  return apiRequest<FeedPost[]>('GET', `/api/posts/feed?${params}`, undefined, { signal });
}

/**
 * The community feed, 20 posts a page. The next page starts after the last post seen
 * (keyset cursor); a page shorter than 20 is the end.
 */
export const feedQueryOptions = infiniteQueryOptions({
  queryKey: feedQueryKey,
  queryFn: ({ pageParam, signal }) => getFeedPage(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: FeedPost[]) =>
    last.length < FEED_PAGE_SIZE ? undefined : last[last.length - 1]?.id,
});

/**
 * The first page the HTML of / carried, as the query's data when the query is first made: no
 * request for it, then the usual rules (data never stale; refetched when invalidated).
 */
const embeddedFirstPage = () => {
  const page = takeEmbeddedFeedPage();
  return page ? { pages: [page], pageParams: [undefined] } : undefined;
};

export function useFeed() {
  return useInfiniteQuery({ ...feedQueryOptions, initialData: embeddedFirstPage });
}
