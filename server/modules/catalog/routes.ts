import { productsAnswer, text, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { ANALYTICS_RATE_LIMIT } from '../../plugins/rate-limit';
import { recordedSearch } from '../analytics';
import { searchProducts } from './service';

export async function catalogRoutes(app: App, ctx: Ctx) {
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
      products: await recordedSearch(ctx, request, request.query.search, (q) => searchProducts(ctx.db, q)),
    }),
  );
}
