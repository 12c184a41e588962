import { analyticsQuery, analyticsReport } from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { pageViewBuffer } from './page-view-buffer';
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
      // This process's waiting page views are written first, so that the count has them.
      const views = pageViewBuffer(ctx, app.log);
      return reportCache(ctx).get(range, async () => {
        await views.flush();
        return report.analyticsReport(ctx.db, range);
      });
    },
  );
}
