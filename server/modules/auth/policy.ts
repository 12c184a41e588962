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

/** Whether a player's suspension holds now (issue 24): indefinitely, or until a time still ahead. */
export const isSuspended = (
  u: Pick<SessionUser, 'suspendedUntil' | 'suspendedIndefinitely'>,
  now = Date.now(),
) => u.suspendedIndefinitely || (u.suspendedUntil !== null && u.suspendedUntil.getTime() > now);

/** A suspension as answers carry it: null, the ISO time it ends, or 'indefinite'. */
export const suspensionOf = (
  u: Pick<SessionUser, 'suspendedUntil' | 'suspendedIndefinitely'>,
): string | null => {
  if (!isSuspended(u)) return null;
  return u.suspendedIndefinitely ? 'indefinite' : (u.suspendedUntil as Date).toISOString();
};

/**
 * What a suspended player may still change (issue 24): their session (sign in and out), their
 * password and sessions, their notifications read and preferences, the page-view beacon, and their
 * account's deletion. Every other state-changing route answers 403 with why and until when.
 * Keys are the matched route's method and path, never the raw URL.
 */
export const SUSPENDED_MAY_WRITE: ReadonlySet<string> = new Set([
  'POST /api/login',
  'POST /api/logout',
  'POST /api/register',
  'POST /api/register/confirm',
  'POST /api/user/password',
  'POST /api/user/sessions/revoke-others',
  'POST /api/user/export',
  'DELETE /api/user',
  'POST /api/notifications/read',
  'PUT /api/notifications/preferences',
  'POST /api/analytics/page-view',
]);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a suspended player's request is refused: a write not in SUSPENDED_MAY_WRITE. */
export const suspendedMayNot = (method: string, routeUrl: string | undefined) =>
  !READS.has(method) && !SUSPENDED_MAY_WRITE.has(`${method} ${routeUrl ?? ''}`);
