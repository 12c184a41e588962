import { PAGE_DEFAULT_LIMIT } from '@contract/common';
import type { Tutorial, TutorialCategory } from '@contract/tutorials';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { tutorialKeys } from './keys';

export const TUTORIALS_PAGE_SIZE = PAGE_DEFAULT_LIMIT;

/** One page of GET /api/tutorials (?category= as is, spaces included): newest first. */
export function getTutorialsPage(
  opts: { category?: TutorialCategory | null; before?: string },
  signal?: AbortSignal,
): Promise<Tutorial[]> {
  const params = new URLSearchParams({ limit: String(TUTORIALS_PAGE_SIZE) });
  if (opts.category) params.set('category', opts.category);
  if (opts.before) params.set('before', opts.before);
  return apiRequest<Tutorial[]>('GET', `/api/tutorials?${params}`, undefined, { signal });
}

/** The tutorials of one category (or all), 20 a page; the next page starts after the last one seen. */
export const tutorialsQueryOptions = (category?: TutorialCategory | null) =>
  infiniteQueryOptions({
    queryKey: tutorialKeys.list(category),
    queryFn: ({ pageParam, signal }) => getTutorialsPage({ category, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Tutorial[]) =>
      last.length < TUTORIALS_PAGE_SIZE ? undefined : last[last.length - 1]?.id,
  });

export function useTutorials(category?: TutorialCategory | null) {
  return useInfiniteQuery(tutorialsQueryOptions(category));
}
