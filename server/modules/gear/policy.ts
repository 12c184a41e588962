import type { SessionUser } from '../auth';

/** What a viewer's abilities depend on: the item's owner, and whether the viewer has rated it. */
export interface GearFacts {
  userId: string;
  myRating: number | null;
}

export type GearAction = 'upload' | 'rate' | 'delete';

/**
 * Who may do what with gear: signed-in players upload; a player rates another player's item once
 * (never their own); the owner or an admin deletes. Every write checks it, and answers carry the
 * result for the viewer (canRate, canDelete).
 */
export function can(user: SessionUser | null, action: GearAction, gear?: GearFacts): boolean {
  if (!user) return false;
  if (action === 'upload') return true;
  if (!gear) return false;
  if (action === 'rate') return gear.userId !== user.id && gear.myRating === null;
  return gear.userId === user.id || user.role === 'admin';
}
