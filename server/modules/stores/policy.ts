import type { SessionUser } from '../auth';

export type StoreAction = 'create' | 'edit' | 'delete';

/**
 * Who may do what with stores: everyone reads the locator; admins add, edit and delete stores
 * (the seed lists stores but never says who keeps them: the admins do). Every write checks it,
 * and answers carry the result for the viewer (canEdit, canDelete).
 */
export function can(user: SessionUser | null, _action: StoreAction): boolean {
  return user?.role === 'admin';
}
