import type { SessionUser } from '../auth';

export type NewsAction = 'create' | 'edit' | 'delete';

/**
 * Who may do what with news: everyone reads; admins write, edit and delete. Every write checks
 * it, and answers carry the result for the viewer (canEdit, canDelete).
 */
export function can(user: SessionUser | null, _action: NewsAction): boolean {
  return user?.role === 'admin';
}
