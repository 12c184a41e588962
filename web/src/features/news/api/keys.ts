import type { NewsCategory } from '@contract/news';
import { queryRoots } from '@web/lib/query-keys';

/**
 * Query keys of the news area, from one factory: every key starts with '/api/news', so one
 * invalidation of `newsKeys.all` refreshes lists and articles alike.
 */
export const newsKeys = {
  all: queryRoots.news,
  lists: () => [...newsKeys.all, 'list'] as const,
  list: (category?: NewsCategory | null) => [...newsKeys.lists(), { category: category ?? null }] as const,
  details: () => [...newsKeys.all, 'detail'] as const,
  detail: (id: string) => [...newsKeys.details(), id] as const,
};
