import { EMPTY_SEARCH, searchAllAnswer, searchQuery } from '../../../contract';
import type { App, Ctx } from '../../context';
import { ANALYTICS_RATE_LIMIT } from '../../plugins/rate-limit';
import { recordedSearchOf } from '../analytics';
import { resultsCount, searchAll } from './service';

/** GET /api/search?q=: the header search's every group in one call (issue 20). */
export async function searchRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/search',
    {
      schema: { querystring: searchQuery, response: { 200: searchAllAnswer } },
      config: { rateLimit: ANALYTICS_RATE_LIMIT },
    },
    async (request) =>
      recordedSearchOf(ctx, request, request.query.q, EMPTY_SEARCH, resultsCount, (q) =>
        searchAll(ctx.db, q),
      ),
  );
}
