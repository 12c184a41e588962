import type { ViewerStatus } from '../../../contract';
import type { SessionUser } from '../auth';

export type EventAction = 'register' | 'cancel' | 'create' | 'edit' | 'delete' | 'import';

export interface EventFacts {
  /** The start has passed. */
  isPast: boolean;
  viewerStatus: ViewerStatus;
}

/**
 * Who may do what with events: a signed-in player registers (or joins the waitlist) for an
 * upcoming event they are not on yet, and cancels their own place on an upcoming event; admins
 * create, edit, delete and import. Every write checks it, and answers carry the result for the
 * viewer (canRegister, canCancel, canEdit, canDelete).
 */
export function can(user: SessionUser | null, action: EventAction, item?: EventFacts): boolean {
  if (!user) return false;
  switch (action) {
    case 'register':
      return !!item && !item.isPast && item.viewerStatus === 'none';
    case 'cancel':
      return !!item && !item.isPast && item.viewerStatus !== 'none';
    default:
      return user.role === 'admin';
  }
}
