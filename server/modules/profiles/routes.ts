import {
  currentUser,
  followAnswer,
  searchUser,
  text,
  updateProfileBody,
  userProfile,
  uuid,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { ANALYTICS_RATE_LIMIT } from '../../plugins/rate-limit';
import { recordedSearch } from '../analytics';
import { presentCurrentUser, requireUser } from '../auth';
import { notifyOptionsOf } from '../notifications';
import * as profiles from './service';

const userIdParams = z.object({ userId: uuid() });

export async function profileRoutes(app: App, ctx: Ctx) {
  const notice = notifyOptionsOf(ctx.config);
  app.get(
    '/api/profile/:username',
    {
      config: { signedOutCache: true },
      schema: { params: z.object({ username: text().min(1).max(100) }), response: { 200: userProfile } },
    },
    async (request, reply) => {
      const profile = await profiles.getProfile(ctx.db, request.params.username, request.user);
      // The owner and admins see the email: such an answer is never kept by a cache.
      if (profile.email !== undefined) noStore(reply);
      return profile;
    },
  );

  app.patch(
    '/api/profile',
    { schema: { body: updateProfileBody, response: { 200: currentUser } }, config: { changesFeed: true } },
    async (request, reply) => {
      const user = requireUser(request);
      const updated = await profiles.updateProfile(ctx.db, user, request.body, ctx.config.adminUsernames);
      await ctx.sessions.forgetUser(user.id);
      noStore(reply);
      return presentCurrentUser(updated);
    },
  );

  app.post(
    '/api/follow/:userId',
    { schema: { params: userIdParams, response: { 200: followAnswer } } },
    async (request) => profiles.follow(ctx.db, requireUser(request), request.params.userId, notice),
  );

  app.post(
    '/api/unfollow/:userId',
    { schema: { params: userIdParams, response: { 200: followAnswer } } },
    async (request) => profiles.unfollow(ctx.db, requireUser(request), request.params.userId),
  );

  app.get(
    '/api/users/search',
    {
      schema: {
        querystring: z.object({ q: text().max(100).optional() }),
        response: { 200: z.array(searchUser) },
      },
      config: { rateLimit: ANALYTICS_RATE_LIMIT },
    },
    async (request) => recordedSearch(ctx, request, request.query.q, (q) => profiles.searchUsers(ctx.db, q)),
  );
}
