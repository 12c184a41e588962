import { noContent, text, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { ANALYTICS_RATE_LIMIT } from '../../plugins/rate-limit';
import { locate } from './geo';
import { pageViewBuffer } from './page-view-buffer';
import { deviceOf, newVisitId, VISIT_COOKIE } from './visits';

const pageViewBody = z.object({
  path: text().trim().min(1).max(500).startsWith('/'),
  referrer: text().trim().max(500).nullable().optional(),
});

export async function analyticsRoutes(app: App, ctx: Ctx) {
  // Views wait in this process and are written in batches (decision 027); the last ones once the
  // app has answered its last request.
  const views = pageViewBuffer(ctx, app.log);
  app.addHook('onClose', () => views.close());

  /**
   * The web app reports each page view; anonymous visitors included, keyed by a random visit id.
   * Answered at once: the view is written with others within ANALYTICS_FLUSH_MS.
   */
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
      await views.add({
        visitId,
        userId: request.user?.id ?? null,
        path: request.body.path,
        referrer: request.body.referrer ?? null,
        device: deviceOf(request.headers['user-agent']),
        place: locate(request.ip),
        at: new Date(),
      });
      return reply.status(204).send(null);
    },
  );
}
