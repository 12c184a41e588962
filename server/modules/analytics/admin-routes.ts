import { analyticsQuery, analyticsReport } from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import * as report from './report';
import { reportCache } from './report-cache';

/** The admin analytics report (inside the admin scope: 401 signed out, 403 for members). */
export async function analyticsAdminRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/admin/analytics',
    { schema: { querystring: analyticsQuery, response: { 200: analyticsReport } } },
    async (request, reply) => {
      noStore(reply);
      const { range } = request.query;
      return reportCache(ctx).get(range, () => report.analyticsReport(ctx.db, range));
    },
  );
}
