import { feedPost, moderationComment, moderationQuery, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { requireUser } from '../auth';
import { moderationComments, moderationPosts } from './moderation';

/** Moderate Posts (inside the admin scope): posts and comments, searched by text and author. */
export async function postAdminRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/admin/posts',
    { schema: { querystring: moderationQuery, response: { 200: z.array(feedPost) } } },
    async (request, reply) => {
      noStore(reply);
      const list = await moderationPosts(ctx.db, requireUser(request), request.query);
      await ctx.media(list);
      return list;
    },
  );

  app.get(
    '/api/admin/comments',
    { schema: { querystring: moderationQuery, response: { 200: z.array(moderationComment) } } },
    async (request, reply) => {
      noStore(reply);
      const list = await moderationComments(ctx.db, requireUser(request), request.query);
      await ctx.media(list.map((c) => c.user));
      return list;
    },
  );
}
