import {
  adminReportsQuery,
  REPORT_TEXTS,
  type ReportQueueItem,
  reportActionAnswer,
  reportActionBody,
  reportAnswer,
  reportBody,
  reportCountAnswer,
  reportQueueItem,
  uuid,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { requireUser } from '../auth';
import { notifyOptionsOf } from '../notifications';
import * as service from './service';

/** POST /api/reports: a signed-in player reports a subject (the session is checked before the body). */
export async function reportRoutes(app: App, ctx: Ctx) {
  app.post(
    '/api/reports',
    {
      schema: { body: reportBody, response: { 201: reportAnswer } },
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request, reply) => {
      await service.createReport(ctx.db, requireUser(request), request.body);
      return reply.status(201).send({ message: REPORT_TEXTS.thanks });
    },
  );
}

/** The review queue (inside the admin scope). */
export async function reportAdminRoutes(app: App, ctx: Ctx) {
  const notice = notifyOptionsOf(ctx.config);
  app.get(
    '/api/admin/reports',
    { schema: { querystring: adminReportsQuery, response: { 200: z.array(reportQueueItem) } } },
    async (request, reply) => {
      noStore(reply);
      const items = await service.queue(ctx.db, request.query);
      const holders: Array<{ images: string[]; media?: ReportQueueItem['media'] }> = items.map((i) => ({
        images: i.snapshot.images,
      }));
      await ctx.media(holders);
      items.forEach((item, i) => {
        if (holders[i].media) item.media = holders[i].media;
      });
      return items;
    },
  );

  app.get(
    '/api/admin/reports/count',
    { schema: { response: { 200: reportCountAnswer } } },
    async (_r, reply) => {
      noStore(reply);
      return { open: await service.openCount(ctx.db) };
    },
  );

  app.post(
    '/api/admin/reports/:id/actions',
    {
      schema: {
        params: z.object({ id: uuid() }),
        body: reportActionBody,
        response: { 200: reportActionAnswer },
      },
      config: { changesFeed: true },
    },
    async (request, reply) => {
      const result = await service.act(ctx.db, requireUser(request), request.params.id, request.body, notice);
      if (result.changedUser) await ctx.sessions.forgetUser(result.changedUser);
      noStore(reply);
      if (!result.item) throw new Error('report vanished');
      return { item: result.item };
    },
  );
}
