import type { SessionUser } from '../auth';

export type FieldAction = 'rate' | 'create' | 'edit' | 'delete' | 'verify';

export interface FieldFacts {
  /** The viewer's own rating of the field, or null. */
  viewerRating: number | null;
}

/**
 * Who may do what with fields: everyone reads the directory; a signed-in player rates a field
 * once; admins add, edit, delete and verify fields. Every write checks it, and answers carry the
 * result for the viewer (canRate, canEdit, canDelete, canVerify).
 */
export function can(user: SessionUser | null, action: FieldAction, item?: FieldFacts): boolean {
  if (!user) return false;
  if (action === 'rate') return !!item && item.viewerRating === null;
  return user.role === 'admin';
}
