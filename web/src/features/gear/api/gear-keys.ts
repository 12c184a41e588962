import type { GearCategory } from '@contract/gear';

/**
 * Query keys of gear rating, from one factory: every key of the /gear page starts with
 * '/api/gear', so one invalidation of `gearKeys.all` refreshes them after an upload or a rating;
 * a player's gear list is keyed under the profile's user.
 */
export const gearKeys = {
  all: ['/api/gear'] as const,
  toRate: () => [...gearKeys.all, 'to-rate'] as const,
  topRated: (category: GearCategory | null) => [...gearKeys.all, 'top-rated', { category }] as const,
  userGear: (userId: string) => ['/api/user', userId, 'gear'] as const,
};
