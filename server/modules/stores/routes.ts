import { noContent, store, storeCreateBody, storePatchBody, storesQuery, uuid, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { requireUser } from '../auth';
import { createStore, deleteStore, listStores, updateStore } from './service';

const idParams = z.object({ id: uuid() });

/** The store locator for everyone: every store by name, by region or country, or nearest first. */
export async function storesRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/stores',
    {
      config: { signedOutCache: true },
      schema: { querystring: storesQuery, response: { 200: z.array(store) } },
    },
    async (request) => listStores(request.user ? ctx.db : ctx.readDb, request.query, request.user),
  );
}

/** Manage Stores; registered inside the admin scope (modules/admin/scope.ts), which requires the role. */
export async function storesAdminRoutes(app: App, ctx: Ctx) {
  app.post(
    '/api/admin/stores',
    { schema: { body: storeCreateBody, response: { 201: store } } },
    async (request, reply) =>
      reply.status(201).send(await createStore(ctx.db, requireUser(request), request.body)),
  );

  app.patch(
    '/api/admin/stores/:id',
    { schema: { params: idParams, body: storePatchBody, response: { 200: store } } },
    async (request) => updateStore(ctx.db, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/stores/:id',
    { schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await deleteStore(ctx.db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
