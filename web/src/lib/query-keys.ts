/**
 * Query keys more than one feature reads or refreshes; each feature keeps its own in its
 * `api/keys.ts`. Keys answered by the default GET are the URL's parts (SPEC §7).
 */
export const authKeys = {
  /** GET /api/user: the signed-in user, `null` when signed out. */
  currentUser: () => ['/api/user'] as const,
};

/** Every profile (a new or deleted post changes its author's counts). */
export const profileKeyRoot = ['/api/profile'] as const;
