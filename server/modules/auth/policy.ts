import type { SessionUser } from './sessions';

/**
 * ADMIN_USERNAMES (lower-cased) bootstrap the admin role once per name (service.ts
 * bootstrapAdmins and register); after that the role belongs to the account. A listed name is
 * reserved: nobody but an admin may take it by renaming, and nobody registers it once its grant is
 * bound to an account.
 */
export const isListedAdminName = (username: string, adminUsernames: string[]) =>
  adminUsernames.includes(username.toLowerCase());

/** Renaming into a listed name is for admins only (a member renaming to ADMIN gains nothing). */
export const mayTakeUsername = (user: SessionUser, username: string, adminUsernames: string[]) =>
  user.role === 'admin' ||
  !isListedAdminName(username, adminUsernames) ||
  user.username.toLowerCase() === username.toLowerCase();
