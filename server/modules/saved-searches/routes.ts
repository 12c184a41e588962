import type { FastifyRequest } from 'fastify';
import { noContent, savedSearch, savedSearchBody, savedSearchParams, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { requireUser } from '../auth';
import * as service from './service';

/** 401 before the body is read. */
const signedIn = { onRequest: async (request: FastifyRequest) => void requireUser(request) };

/** Saved searches (issue 26): the signed-in player's list, a new one, one deleted. */
export async function savedSearchRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/user/saved-searches',
    { ...signedIn, schema: { response: { 200: z.array(savedSearch) } } },
    async (request, reply) => {
      noStore(reply);
      return service.listSavedSearches(ctx.db, requireUser(request));
    },
  );

  app.post(
    '/api/user/saved-searches',
    { ...signedIn, schema: { body: savedSearchBody, response: { 201: savedSearch } } },
    async (request, reply) => {
      noStore(reply);
      const made = await service.createSavedSearch(ctx.db, requireUser(request), request.body);
      return reply.status(201).send(made);
    },
  );

  app.delete(
    '/api/user/saved-searches/:id',
    { ...signedIn, schema: { params: savedSearchParams, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deleteSavedSearch(ctx.db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
