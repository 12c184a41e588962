import type { ViewerStatus } from '../../../contract';
import type { SessionUser } from '../auth';

export type EventAction =
  | 'register'
  | 'cancel'
  | 'create'
  | 'edit'
  | 'delete'
  | 'import'
  /** Organisers (issue 25): the roster, sides, squads' placing, messages. */
  | 'manage'
  /** Organisers (issue 25): the gate's check-in and chrono. */
  | 'checkIn';

/** Whether the viewer organises the event: an admin, or the host team's leader or a co-leader (organisers.ts). */
export interface OrganiserFacts {
  isOrganiser: boolean;
}

export interface EventFacts extends Partial<OrganiserFacts> {
  /** The start has passed. */
  isPast: boolean;
  viewerStatus: ViewerStatus;
}

/**
 * Who may do what with events: a signed-in player registers (or joins the waitlist) for an
 * upcoming event they are not on yet, and cancels their own place on an upcoming event; admins
 * create, delete and import; an event's organisers (admins, and the leader and co-leaders of its
 * host team: facts.isOrganiser, from organisers.ts) edit it, manage it and run its check-in.
 * Creating an event for a team (hostTeamId) is checked by organisers.ts requireHostable. Every
 * write checks it, and answers carry the result for the viewer (canRegister, canCancel, canEdit,
 * canDelete, abilities).
 */
export function can(
  user: SessionUser | null,
  action: EventAction,
  item?: EventFacts | OrganiserFacts,
): boolean {
  if (!user) return false;
  const admin = user.role === 'admin';
  switch (action) {
    case 'register':
      return !!item && 'viewerStatus' in item && !item.isPast && item.viewerStatus === 'none';
    case 'cancel':
      return !!item && 'viewerStatus' in item && !item.isPast && item.viewerStatus !== 'none';
    case 'edit':
    case 'manage':
    case 'checkIn':
      return admin || !!item?.isOrganiser;
    default:
      return admin;
  }
}
