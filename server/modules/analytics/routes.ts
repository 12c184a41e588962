import { noContent, text, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { ANALYTICS_RATE_LIMIT } from '../../plugins/rate-limit';
import { locate } from './geo';
import { deviceOf, newVisitId, recordPageView, VISIT_COOKIE } from './visits';

const pageViewBody = z.object({
  path: text().trim().min(1).max(500).startsWith('/'),
  referrer: text().trim().max(500).nullable().optional(),
});

export async function analyticsRoutes(app: App, ctx: Ctx) {
  /** The web app reports each page view; anonymous visitors included, keyed by a random visit id. */
  app.post(
    '/api/analytics/page-view',
    {
      schema: { body: pageViewBody, response: { 204: noContent } },
      config: { rateLimit: ANALYTICS_RATE_LIMIT },
    },
    async (request, reply) => {
      let visitId = request.cookies[VISIT_COOKIE];
      if (!visitId || visitId.length > 64) {
        visitId = newVisitId();
        reply.setCookie(VISIT_COOKIE, visitId, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: 30 * 60,
        });
      }
      await recordPageView(ctx.db, {
        visitId,
        userId: request.user?.id ?? null,
        path: request.body.path,
        referrer: request.body.referrer ?? null,
        device: deviceOf(request.headers['user-agent']),
        place: locate(request.ip),
      });
      return reply.status(204).send(null);
    },
  );
}
