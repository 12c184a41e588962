import type { Db } from '../../db/client';

/** What just happened to a player; each trigger re-checks the badge rules it can change. */
export type BadgeTrigger =
  | 'post' // the player posted
  | 'event-registration' // the player registered for an event
  | 'team' // the player founded or joined a team
  | 'gear-upload' // the player uploaded gear
  | 'rating-given' // the player rated someone's gear
  | 'gear-rated'; // someone rated the player's gear

/**
 * Awards the badges a player has just earned (never twice; kept when the reason goes). Every
 * write path that can earn a badge calls this inside its transaction, after its own write.
 * The rules live in the badges module (issue 13); until they land this awards nothing.
 */
export async function awardBadges(_db: Db, _userId: string, _trigger: BadgeTrigger): Promise<void> {}
