import { profileKeyRoot } from '@web/lib/query-keys';

/** The profiles feature's query keys (read by the default GET of their parts). */
export const profileKeys = {
  all: () => profileKeyRoot,
  detail: (username: string) => [...profileKeyRoot, username] as const,
  teams: (userId: string) => ['/api/user', userId, 'teams'] as const,
};
