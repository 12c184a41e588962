import { noContent, replica, replicaBody, replicaIdParams, updateReplicaBody, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { requireUser } from '../auth';
import * as service from './service';

/** The viewer's garage (issue 25): their replicas, theirs only. */
export async function garageRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/user/replicas',
    { schema: { response: { 200: z.array(replica) } } },
    async (request, reply) => {
      noStore(reply);
      return service.listReplicas(ctx.db, requireUser(request).id);
    },
  );

  app.post(
    '/api/user/replicas',
    { schema: { body: replicaBody, response: { 201: replica } } },
    async (request, reply) =>
      reply.status(201).send(await service.createReplica(ctx.db, requireUser(request).id, request.body)),
  );

  app.patch(
    '/api/user/replicas/:id',
    { schema: { params: replicaIdParams, body: updateReplicaBody, response: { 200: replica } } },
    async (request) =>
      service.updateReplica(ctx.db, requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/user/replicas/:id',
    { schema: { params: replicaIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deleteReplica(ctx.db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
