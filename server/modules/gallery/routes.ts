import type { FastifyRequest } from 'fastify';
import {
  eventPhotosAnswer,
  eventPhotosQuery,
  playerGamesAnswer,
  playerGamesQuery,
  postEventChoice,
  uuid,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { requireUser } from '../auth';
import * as service from './service';

const eventParams = z.object({ id: uuid() });
const userParams = z.object({ userId: uuid() });
/** 401 before anything else is read. */
const signedIn = { onRequest: async (request: FastifyRequest) => void requireUser(request) };

/** After the game (issue 26): an event's photos, a player's games played, the composer's events. */
export async function galleryRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/events/:id/photos',
    { schema: { params: eventParams, querystring: eventPhotosQuery, response: { 200: eventPhotosAnswer } } },
    async (request) => service.eventPhotos(ctx.db, request.params.id, request.query),
  );

  app.get(
    '/api/user/:userId/games',
    { schema: { params: userParams, querystring: playerGamesQuery, response: { 200: playerGamesAnswer } } },
    async (request, reply) => {
      // The answer depends on the viewer (issue 26: the player sees their private games too).
      noStore(reply);
      return service.playerGames(ctx.db, request.params.userId, request.query, request.user);
    },
  );

  app.get(
    '/api/user/post-events',
    { ...signedIn, schema: { response: { 200: z.array(postEventChoice) } } },
    async (request, reply) => {
      noStore(reply);
      return service.postEventChoices(ctx.db, requireUser(request));
    },
  );
}
