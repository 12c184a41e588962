import type { TutorialCategory } from '@contract/tutorials';

/**
 * Query keys of the tutorials area, from one factory: every key starts with '/api/tutorials', so
 * one invalidation of `tutorialKeys.lists()` refreshes every category's list.
 */
export const tutorialKeys = {
  all: ['/api/tutorials'] as const,
  lists: () => [...tutorialKeys.all, 'list'] as const,
  list: (category?: TutorialCategory | null) =>
    [...tutorialKeys.lists(), { category: category ?? null }] as const,
};
