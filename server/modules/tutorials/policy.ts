import type { SessionUser } from '../auth';

export type TutorialAction = 'create' | 'edit' | 'delete';

/**
 * Who may do what with tutorials: everyone reads; admins add, edit and delete. Every write
 * checks it, and answers carry the result for the viewer (canEdit, canDelete).
 */
export function can(user: SessionUser | null, _action: TutorialAction): boolean {
  return user?.role === 'admin';
}
