/** The admin feature's query keys. */
export const adminKeys = {
  users: () => ['admin-users'] as const,
  admins: () => ['admin-users', 'admins'] as const,
  playerSearch: (q: string) => ['admin-users', 'search', q] as const,
  /** GET /api/admin/blocked-words, by the default GET of the key. */
  blockedWords: () => ['/api/admin/blocked-words'] as const,
  reportsRoot: () => ['admin-reports'] as const,
  reports: (status: string) => ['admin-reports', 'queue', status] as const,
  reportCount: () => ['admin-reports', 'count'] as const,
  auditRoot: () => ['admin-audit'] as const,
  audit: (adminId: string, action: string) => ['admin-audit', adminId, action] as const,
};
