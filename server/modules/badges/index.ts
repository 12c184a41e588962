import type { AppModule } from '../../context';
import { badgesRoutes } from './routes';

/** Every write path that can earn a badge calls this (posts, events, teams, gear). */
export { awardBadges, type BadgeTrigger } from './award';
/** For the demo seed and housekeeping: every rule for every player, and the one-year sweep. */
export { backfillBadges, backfillMembership } from './service';

/**
 * Badges earned from play (issue 13): the rules (rules.ts), awarded as things happen
 * (awardBadges) and by the backfill, and a player's badges with their rarity and the progress
 * toward the next ones (GET /api/user/{userId}/badges).
 */
export const badgesModule: AppModule = { name: 'badges', routes: badgesRoutes };
