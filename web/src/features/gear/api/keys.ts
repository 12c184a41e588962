import type { GearCategory } from '@contract/gear';
import { queryRoots, userListKeys } from '@web/lib/query-keys';

/**
 * Query keys of gear rating, from one factory: every key of the /gear page starts with
 * '/api/gear', so one invalidation of `gearKeys.all` refreshes them after an upload or a rating;
 * a player's gear list is one of the user-scoped lists (`userListKeys`).
 */
export const gearKeys = {
  all: queryRoots.gear,
  toRate: () => [...gearKeys.all, 'to-rate'] as const,
  topRatedLists: () => [...gearKeys.all, 'top-rated'] as const,
  topRated: (category: GearCategory | null) => [...gearKeys.topRatedLists(), { category }] as const,
  userGear: (userId: string) => userListKeys.of('gear', userId),
};
