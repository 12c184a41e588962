import {
  currentUser,
  feedPost,
  followAnswer,
  pageQuery,
  profileTeam,
  text,
  updateProfileBody,
  userProfile,
  uuid,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore, requireUser } from '../../plugins/current-user';
import { presentCurrentUser } from '../auth/presenters';
import { readFeed } from '../posts/service';
import { listUserTeams } from '../teams/service';
import * as profiles from './service';

const userIdParams = z.object({ userId: uuid() });
const cursorQuery = pageQuery.extend({ before: uuid().optional() });

export async function profileRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/profile/:username',
    { schema: { params: z.object({ username: text().min(1).max(100) }), response: { 200: userProfile } } },
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
      ctx.sessions.forgetUser(user.id);
      noStore(reply);
      return presentCurrentUser(updated);
    },
  );

  app.post(
    '/api/follow/:userId',
    { schema: { params: userIdParams, response: { 200: followAnswer } } },
    async (request) => profiles.follow(ctx.db, requireUser(request), request.params.userId),
  );

  app.post(
    '/api/unfollow/:userId',
    { schema: { params: userIdParams, response: { 200: followAnswer } } },
    async (request) => profiles.unfollow(ctx.db, requireUser(request), request.params.userId),
  );

  app.get(
    '/api/posts/user/:userId',
    { schema: { params: userIdParams, querystring: cursorQuery, response: { 200: z.array(feedPost) } } },
    async (request) =>
      readFeed(
        ctx.db,
        ctx.feed,
        {
          viewerId: request.user?.id ?? null,
          authorId: request.params.userId,
          limit: request.query.limit,
          before: request.query.before,
        },
        request.user,
      ),
  );

  app.get(
    '/api/user/:userId/teams',
    { schema: { params: userIdParams, querystring: cursorQuery, response: { 200: z.array(profileTeam) } } },
    async (request) =>
      listUserTeams(ctx.db, {
        userId: request.params.userId,
        limit: request.query.limit,
        before: request.query.before,
      }),
  );
}
