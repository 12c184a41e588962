import type { Tutorial } from '@contract/tutorials';
import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { tutorialKeys } from './keys';

/** GET /api/tutorials/{id}: one tutorial (404 when it is gone). */
export function getTutorial(id: string, signal?: AbortSignal): Promise<Tutorial> {
  return apiRequest<Tutorial>('GET', `/api/tutorials/${encodeURIComponent(id)}`, undefined, { signal });
}

/** The tutorial as a list already loaded holds it, if any (the dialog opens at once). */
function fromLists(queryClient: QueryClient, id: string): Tutorial | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<Tutorial[]>>({
    queryKey: tutorialKeys.lists(),
  })) {
    const found = data?.pages.flat().find((t) => t.id === id);
    if (found) return found;
  }
  return undefined;
}

/** One tutorial by id (`/tutorials/{id}`), shown from a loaded list when it holds it. */
export function useTutorial(id: string | null | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: tutorialKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getTutorial(id ?? '', signal),
    initialData: () => (id ? fromLists(queryClient, id) : undefined),
    enabled: !!id,
  });
}
