import { auditLogPage, auditLogQuery } from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { auditPage } from './service';

/** The audit log, read-only (inside the admin scope): there is no route that changes it. */
export async function auditRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/admin/audit-log',
    { schema: { querystring: auditLogQuery, response: { 200: auditLogPage } } },
    async (request, reply) => {
      noStore(reply);
      return auditPage(ctx.db, request.query);
    },
  );
}
