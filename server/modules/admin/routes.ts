import { adminUser, adminUsersQuery, setRoleBody, uuid, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { requireUser } from '../auth';
import * as admins from './service';

/** Manage Admins: find players, grant and revoke the admin role (inside the admin scope). */
export async function adminUserRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/admin/users',
    { schema: { querystring: adminUsersQuery, response: { 200: z.array(adminUser) } } },
    async (request, reply) => {
      noStore(reply);
      return admins.findUsers(ctx.db, request.query.q || undefined);
    },
  );

  app.patch(
    '/api/admin/users/:id/role',
    { schema: { params: z.object({ id: uuid() }), body: setRoleBody, response: { 200: adminUser } } },
    async (request) => {
      const updated = await admins.setRole(
        ctx.db,
        requireUser(request).id,
        request.params.id,
        request.body.role,
      );
      // The role is read from the session; this process answers with the new one at once.
      await ctx.sessions.forgetUser(updated.id);
      return updated;
    },
  );
}
