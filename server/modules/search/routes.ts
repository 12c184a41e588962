import { productsAnswer, searchEvent, searchUser, text, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { ANALYTICS_RATE_LIMIT } from '../../plugins/rate-limit';
import { recordSearch, VISIT_COOKIE } from '../analytics/visits';
import { searchable, searchEvents, searchProducts, searchUsers } from './service';

const q = z.object({ q: text().max(100).optional() });

export async function searchRoutes(app: App, ctx: Ctx) {
  /** Runs a search when the query is long enough (else an empty list) and records it. */
  async function run<T>(
    request: { user: { id: string } | null; cookies: Record<string, string | undefined> },
    query: string | undefined,
    find: (q: string) => Promise<T[]>,
  ) {
    if (!searchable(query)) return [];
    const results = await find(query!.trim());
    await recordSearch(ctx.db, {
      visitId: request.cookies[VISIT_COOKIE],
      userId: request.user?.id ?? null,
      query: query!.trim().toLowerCase(),
      resultsCount: results.length,
    });
    return results;
  }

  app.get(
    '/api/users/search',
    {
      schema: { querystring: q, response: { 200: z.array(searchUser) } },
      config: { rateLimit: ANALYTICS_RATE_LIMIT },
    },
    async (request) => run(request, request.query.q, (s) => searchUsers(ctx.db, s)),
  );
  app.get(
    '/api/events/search',
    {
      schema: { querystring: q, response: { 200: z.array(searchEvent) } },
      config: { rateLimit: ANALYTICS_RATE_LIMIT },
    },
    async (request) => run(request, request.query.q, (s) => searchEvents(ctx.db, s)),
  );
  app.get(
    '/api/products',
    {
      schema: {
        querystring: z.object({ search: text().max(100).optional() }),
        response: { 200: productsAnswer },
      },
      config: { rateLimit: ANALYTICS_RATE_LIMIT },
    },
    async (request) => ({
      products: await run(request, request.query.search, (s) => searchProducts(ctx.db, s)),
    }),
  );
}
