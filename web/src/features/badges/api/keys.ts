import { userListKeys } from '@web/lib/query-keys';

/** The badges feature's query keys. */
export const badgeKeys = {
  /** GET /api/user/{userId}/badges (a user-scoped list). */
  user: (userId: string) => userListKeys.of('badges', userId),
};
