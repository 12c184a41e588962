import { pageQuery, profileTeam, uuid, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { listUserTeams } from './service';

export async function teamRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/user/:userId/teams',
    {
      schema: {
        params: z.object({ userId: uuid() }),
        querystring: pageQuery.extend({ before: uuid().optional() }),
        response: { 200: z.array(profileTeam) },
      },
    },
    async (request) =>
      listUserTeams(ctx.db, {
        userId: request.params.userId,
        limit: request.query.limit,
        before: request.query.before,
      }),
  );
}
