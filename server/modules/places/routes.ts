import { placesAnswer, placesQuery } from '../../../contract';
import type { App } from '../../context';
import { searchPlaces } from './service';

/** GET /api/places?q=: the same answer for everyone, kept by caches for a day. */
export async function placesRoutes(app: App) {
  app.get(
    '/api/places',
    { schema: { querystring: placesQuery, response: { 200: placesAnswer } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=86400');
      return searchPlaces(request.query.q);
    },
  );
}
