import { EXPORT_DOWNLOAD_PATH, userExportAnswer, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { ACCOUNT_DELETED } from '../../lib/change-bus';
import { noStore } from '../../lib/http';
import { requireUser } from '../auth';
import { deleteExpiredExports, EXPORT_POLL_MS, ExportRunner } from './jobs';
import * as service from './service';

/**
 * The viewer's data export (issue 24): ask for one (POST, 202), see its state (GET), download it
 * (its owner only, while kept). This process builds exports: its own requests at once, and every
 * EXPORT_POLL_MS any that are due (another process's, or one whose builder died); not with
 * `dataExportJobs: false`.
 */
export async function dataExportRoutes(app: App, ctx: Ctx) {
  const runner = ctx.config.dataExportJobs === false ? null : new ExportRunner(ctx.db, ctx.storage, app.log);
  if (runner) {
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      runner.kick();
      timer = setInterval(() => runner.kick(), EXPORT_POLL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await runner.stop();
    });
  }
  // An account deleted (in any process): its exports lost their owner; their ZIPs go now.
  ctx.bus.subscribe(ACCOUNT_DELETED, () => {
    deleteExpiredExports(ctx.db, ctx.storage).catch((err) =>
      app.log.error({ err }, 'data exports: deleting a deleted account’s exports failed'),
    );
  });

  app.get('/api/user/export', { schema: { response: { 200: userExportAnswer } } }, async (request, reply) => {
    noStore(reply);
    return service.viewerExport(ctx.db, requireUser(request).id);
  });

  app.post(
    '/api/user/export',
    { schema: { response: { 202: userExportAnswer } } },
    async (request, reply) => {
      noStore(reply);
      const answer = await service.requestExport(ctx.db, requireUser(request).id);
      runner?.kick();
      return reply.status(202).send(answer);
    },
  );

  app.get(
    EXPORT_DOWNLOAD_PATH,
    { schema: { response: { 200: z.string().describe('application/zip') } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { body, size, readyAt } = await service.openDownload(ctx.db, ctx.storage, user.id);
      noStore(reply);
      reply
        .type('application/zip')
        .header(
          'Content-Disposition',
          `attachment; filename="${service.downloadName(user.username, readyAt)}"`,
        )
        .header('X-Content-Type-Options', 'nosniff');
      if (size > 0) reply.header('Content-Length', size);
      // A stream is sent as it is (no serializer runs); the schema only describes the bytes.
      return reply.send(body as unknown as string);
    },
  );
}
