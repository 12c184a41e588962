import {
  gearBody,
  gearPageQuery,
  gearPost,
  noContent,
  rateGearAnswer,
  rateGearBody,
  topRatedQuery,
  uuid,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { anonymousReads } from '../../lib/stamped-cache';
import { requireUser } from '../auth';
import { notifyOptionsOf } from '../notifications';
import { createGear, deleteGear, listGearToRate, listTopRated, listUserGear, rateGear } from './service';

const idParams = z.object({ id: uuid() });

/** Gear rating (SPEC §7 Gear): upload, the items to rate, rate, Top Rated, a player's gear, delete. */
export async function gearRoutes(app: App, ctx: Ctx) {
  const notice = notifyOptionsOf(ctx.config);
  // Top Rated as anonymous visitors see it (server/lib/stamped-cache.ts); a gear write here empties it.
  const publicRead = anonymousReads(app, ctx.config.publicCacheMs ?? 0, {
    bus: ctx.bus,
    topic: 'public:gear',
  });

  app.post('/api/gear', { schema: { body: gearBody, response: { 201: gearPost } } }, async (request, reply) =>
    reply.status(201).send(await createGear(ctx.db, requireUser(request), request.body, notice)),
  );

  app.get(
    '/api/gear/to-rate',
    { schema: { querystring: gearPageQuery, response: { 200: z.array(gearPost) } } },
    async (request) => listGearToRate(ctx.db, requireUser(request), request.query),
  );

  app.get(
    '/api/gear/top-rated',
    {
      config: { signedOutCache: true },
      schema: { querystring: topRatedQuery, response: { 200: z.array(gearPost) } },
    },
    async (request) => publicRead(request, () => listTopRated(ctx.db, request.user, request.query)),
  );

  app.post(
    '/api/gear/:id/rate',
    { schema: { params: idParams, body: rateGearBody, response: { 200: rateGearAnswer } } },
    async (request) =>
      rateGear(
        ctx.db,
        requireUser(request),
        request.params.id,
        request.body.rating,
        notice,
        ctx.config.ratingTrustHours,
      ),
  );

  app.delete(
    '/api/gear/:id',
    { schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await deleteGear(ctx.db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/user/:userId/gear',
    {
      config: { signedOutCache: true },
      schema: {
        params: z.object({ userId: uuid() }),
        querystring: gearPageQuery,
        response: { 200: z.array(gearPost) },
      },
    },
    async (request) => listUserGear(ctx.db, request.params.userId, request.user, request.query),
  );
}
