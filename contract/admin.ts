import { USER_ROLES, USERNAME_MAX } from './auth';
import { mediaMap, text } from './common';
import { z } from './messages';

/** The admin section (SPEC §2 Admin section, §8) and Manage Admins (issue 7). */
export const ADMIN_TEXTS = {
  addTutorial: 'Add Tutorial',
  manageEvents: 'Manage Events',
  manageNews: 'Manage News',
  manageStores: 'Manage Stores',
  manageCatalog: 'Manage Catalog',
  moderatePosts: 'Moderate Posts',
  viewAnalytics: 'View Analytics',
  manageBlockedWords: 'Manage Blocked Words',
  backToDashboard: 'Back to Dashboard',
  adminsOnly: 'Admins only.',
  /** The server's refusal of an admin route to anyone else. */
  adminOnly: 'Admins only',
  noBlockedWords: 'No blocked words yet.',
  fetchBlockedWordsFailed: 'Failed to load blocked words',
  blockedWordAdded: 'Blocked word added successfully',
  blockedWordAddFailed: 'Failed to add blocked word',
  blockedWordRemoved: 'Blocked word removed successfully',
  blockedWordRemoveFailed: 'Failed to remove blocked word',
  noPostsToModerate: 'No posts to moderate.',
  postDeleted: 'Post deleted successfully',
  postDeleteFailed: 'Failed to delete post',
  // Manage Admins (issue 7)
  manageAdmins: 'Manage Admins',
  lastAdmin: 'At least one admin must remain',
  userNotFound: 'User not found',
  granted: 'Admin role granted',
  revoked: 'Admin role revoked',
  grantFailed: 'Failed to grant admin role',
  revokeFailed: 'Failed to revoke admin role',
  /** The confirmation before the role changes (issue 20). */
  confirmRole: (username: string, role: 'admin' | 'user') =>
    role === 'admin' ? `Make ${username} an admin?` : `Remove admin role from ${username}?`,
  confirmGrantDescription:
    'They will be able to moderate posts, manage blocked words and the site’s content, and grant or revoke the admin role.',
  confirmRevokeDescription: 'They will no longer be able to use the Admin Dashboard.',
  makeAdmin: 'Make admin',
  removeAdmin: 'Remove admin role',
  fetchUsersFailed: 'Failed to fetch users',
  noMatches: 'No players match',
  currentAdmins: 'Current admins',
  findPlayer: 'Find a player',
} as const;

/** GET /api/admin/users: players as the Manage Admins view lists them. */
export const adminUser = z.object({
  id: z.uuid(),
  username: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(USER_ROLES),
  media: mediaMap.optional(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersQuery = z.object({ q: text().trim().max(USERNAME_MAX).optional() });
export const setRoleBody = z.object({ role: z.enum(USER_ROLES) });
export type SetRoleBody = z.infer<typeof setRoleBody>;
