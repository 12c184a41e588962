import type { SessionUser } from '../auth';

export type RideAction = 'post' | 'request' | 'respond' | 'delete';

/** What the rules need to know about the viewer, the event and (but for 'post') the ride. */
export interface RideFacts {
  /** The viewer is registered (or waitlisted) on the ride's event. */
  onEvent: boolean;
  /** The event has started. */
  isPast: boolean;
  /** The ride's owner (not for 'post'). */
  ownerId?: string;
  /** Seats not yet accepted. */
  seatsLeft?: number;
  /** The viewer already asked to join it. */
  requested?: boolean;
  /** Requests of the ride still waiting for an answer. */
  pending?: number;
}

/**
 * Who may do what with carpools (issue 26): players registered or waitlisted on an upcoming event
 * post rides on its board and ask to join another's ride that has seats left (once per ride: a
 * declined player does not ask the same driver again); a
 * ride's owner answers its requests; the owner or an admin removes it. Every write checks it, and
 * answers carry the result for the viewer (canPost, canDelete, canRequest, canRespond).
 */
export function can(user: SessionUser | null, action: RideAction, facts: RideFacts): boolean {
  if (!user) return false;
  const owner = facts.ownerId === user.id;
  switch (action) {
    case 'post':
      return facts.onEvent && !facts.isPast;
    case 'request':
      return facts.onEvent && !facts.isPast && !owner && !facts.requested && (facts.seatsLeft ?? 0) > 0;
    case 'respond':
      return owner && (facts.pending ?? 0) > 0;
    case 'delete':
      return owner || user.role === 'admin';
  }
}
