import { queryRoots, userListKeys } from '@web/lib/query-keys';

/** The profiles feature's query keys (read by the default GET of their parts). */
export const profileKeys = {
  all: () => queryRoots.profiles,
  detail: (username: string) => [...queryRoots.profiles, username] as const,
  /** GET /api/user/{userId}/teams: a player's teams (a user-scoped list). */
  teams: (userId: string) => userListKeys.of('teams', userId),
};
