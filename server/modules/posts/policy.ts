import type { SessionUser } from '../auth';

export type PostAction = 'edit' | 'delete';

/**
 * Who may do what to a post or a comment: its author edits it; its author or an admin deletes it.
 * Every write checks it, and answers carry the result for the viewer (canEdit, canDelete).
 */
export function can(user: SessionUser | null, action: PostAction, item: { authorId: string }): boolean {
  if (!user) return false;
  if (action === 'edit') return user.id === item.authorId;
  return user.id === item.authorId || user.role === 'admin';
}
