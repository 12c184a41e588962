import { userBadgesAnswer, uuid, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { notifyOptionsOf } from '../notifications';
import { createRarityCache, getUserBadges } from './service';

/** How long the share of players holding each badge is kept in this process. */
export const RARITY_CACHE_MS = 60_000;

/** A player's badges, for everyone (they show on the public profile). */
export async function badgesRoutes(app: App, ctx: Ctx) {
  const rarity = createRarityCache(RARITY_CACHE_MS);
  const notice = notifyOptionsOf(ctx.config);
  app.get(
    '/api/user/:userId/badges',
    {
      config: { signedOutCache: true },
      schema: { params: z.object({ userId: uuid() }), response: { 200: userBadgesAnswer } },
    },
    async (request) => getUserBadges(ctx.db, request.params.userId, rarity, notice),
  );
}
