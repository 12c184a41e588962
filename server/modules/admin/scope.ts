import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, Ctx } from '../../context';
import { requireAdmin } from './policy';

export type AdminRoutes = (admin: App, ctx: Ctx) => Promise<void>;

/**
 * Every admin route is registered inside this one encapsulated scope, whose onRequest hook
 * requires the admin role (401 signed out, 403 signed in without it) before validation or any
 * handler runs. The hook belongs to the routes, not to a URL prefix, so no spelling of a path
 * (`/api/%61dmin/...`) can reach an admin handler around it.
 */
export async function registerAdminScope(app: App, ctx: Ctx, areas: AdminRoutes[]) {
  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });
    for (const area of areas) await area(admin, ctx);
  });
}
