import type { NewsArticle } from '@contract/news';
import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { newsKeys } from './keys';

/** GET /api/news/{id}: one article (404 when it is gone). */
export function getArticle(id: string, signal?: AbortSignal): Promise<NewsArticle> {
  return apiRequest<NewsArticle>('GET', `/api/news/${encodeURIComponent(id)}`, undefined, { signal });
}

/** The article as a list already loaded holds it, if any (the dialog opens at once). */
function fromLists(queryClient: QueryClient, id: string): NewsArticle | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<NewsArticle[]>>({
    queryKey: newsKeys.lists(),
  })) {
    const found = data?.pages.flat().find((a) => a.id === id);
    if (found) return found;
  }
  return undefined;
}

export const articleQueryOptions = (id: string, queryClient?: QueryClient) =>
  queryOptions({
    queryKey: newsKeys.detail(id),
    queryFn: ({ signal }) => getArticle(id, signal),
    initialData: queryClient ? () => fromLists(queryClient, id) : undefined,
  });

/** One article by id (`/news/{id}`), shown from a loaded list when it holds it. */
export function useArticle(id: string | null | undefined) {
  const queryClient = useQueryClient();
  return useQuery({ ...articleQueryOptions(id ?? '', queryClient), enabled: !!id });
}
