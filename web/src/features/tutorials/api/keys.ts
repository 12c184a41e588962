import type { TutorialCategory } from '@contract/tutorials';
import { queryRoots } from '@web/lib/query-keys';

/**
 * Query keys of the tutorials area, from one factory: every key starts with '/api/tutorials', so
 * one invalidation of `tutorialKeys.lists()` refreshes every category's list.
 */
export const tutorialKeys = {
  all: queryRoots.tutorials,
  lists: () => [...tutorialKeys.all, 'list'] as const,
  list: (category?: TutorialCategory | null) =>
    [...tutorialKeys.lists(), { category: category ?? null }] as const,
  detail: (id: string) => [...tutorialKeys.all, 'detail', id] as const,
};
