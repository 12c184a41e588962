import type { SessionUser } from './sessions';

/** Who holds which role: admins are named by ADMIN_USERNAMES (lower-cased). */
export const roleFor = (username: string, adminUsernames: string[]) =>
  adminUsernames.includes(username.toLowerCase()) ? 'admin' : 'user';

export const isAdmin = (user: SessionUser | null) => user?.role === 'admin';
