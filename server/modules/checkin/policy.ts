import type { SessionUser } from '../auth';

export type CheckInAction = 'checkIn' | 'chrono' | 'viewTicket';

export interface CheckInFacts {
  /** Admin, or the leader / a co-leader of the event's host team (events/organisers.ts). */
  isOrganiser: boolean;
  /** The viewer holds a registered (not waitlisted) place on the event. */
  isRegistered: boolean;
}

/**
 * Game day (issue 25): organisers run the gate (check-in, chrono, the roster kept offline);
 * a registered player sees their own ticket. Anyone else: nothing.
 */
export function can(user: SessionUser | null, action: CheckInAction, facts: CheckInFacts): boolean {
  if (!user) return false;
  switch (action) {
    case 'checkIn':
    case 'chrono':
      return facts.isOrganiser;
    case 'viewTicket':
      return facts.isRegistered;
  }
}
