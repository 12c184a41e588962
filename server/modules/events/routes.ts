import { searchEvent, text, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { ANALYTICS_RATE_LIMIT } from '../../plugins/rate-limit';
import { recordedSearch } from '../analytics';
import { searchEvents } from './service';

export async function eventRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/events/search',
    {
      schema: {
        querystring: z.object({ q: text().max(100).optional() }),
        response: { 200: z.array(searchEvent) },
      },
      config: { rateLimit: ANALYTICS_RATE_LIMIT },
    },
    async (request) => recordedSearch(ctx, request, request.query.q, (q) => searchEvents(ctx.db, q)),
  );
}
