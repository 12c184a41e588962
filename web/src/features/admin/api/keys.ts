/** The admin feature's query keys. */
export const adminKeys = {
  users: () => ['admin-users'] as const,
  admins: () => ['admin-users', 'admins'] as const,
  playerSearch: (q: string) => ['admin-users', 'search', q] as const,
  /** GET /api/admin/blocked-words, by the default GET of the key. */
  blockedWords: () => ['/api/admin/blocked-words'] as const,
};
