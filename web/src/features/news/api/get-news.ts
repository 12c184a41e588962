import { PAGE_DEFAULT_LIMIT } from '@contract/common';
import type { NewsArticle, NewsCategory } from '@contract/news';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { newsKeys } from './keys';

export const NEWS_PAGE_SIZE = PAGE_DEFAULT_LIMIT;

/** One page of GET /api/news: newest first, older than the article `before` when given. */
export function getNewsPage(
  opts: { category?: NewsCategory | null; before?: string },
  signal?: AbortSignal,
): Promise<NewsArticle[]> {
  const params = new URLSearchParams({ limit: String(NEWS_PAGE_SIZE) });
  if (opts.category) params.set('category', opts.category);
  if (opts.before) params.set('before', opts.before);
  return apiRequest<NewsArticle[]>('GET', `/api/news?${params}`, undefined, { signal });
}

/** The news list, 20 articles a page; the next page starts after the last article seen. */
export const newsListQueryOptions = (category?: NewsCategory | null) =>
  infiniteQueryOptions({
    queryKey: newsKeys.list(category),
    queryFn: ({ pageParam, signal }) => getNewsPage({ category, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: NewsArticle[]) =>
      last.length < NEWS_PAGE_SIZE ? undefined : last[last.length - 1]?.id,
  });

export function useNewsList(category?: NewsCategory | null) {
  return useInfiniteQuery(newsListQueryOptions(category));
}
