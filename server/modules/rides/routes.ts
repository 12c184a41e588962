import type { FastifyRequest } from 'fastify';
import {
  createRideBody,
  noContent,
  respondRideBody,
  ride,
  rideParams,
  rideRequestBody,
  rideRequestParams,
  ridesAnswer,
  uuid,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { requireUser } from '../auth';
import { notifyOptionsOf } from '../notifications';
import * as service from './service';

const eventParams = z.object({ id: uuid() });
/** 401 before the body is read. */
const signedIn = { onRequest: async (request: FastifyRequest) => void requireUser(request) };

/** Carpools (issue 26): an event's board, rides posted and removed, requests and their answers. */
export async function rideRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/events/:id/rides',
    { ...signedIn, schema: { params: eventParams, response: { 200: ridesAnswer } } },
    async (request, reply) => {
      noStore(reply);
      return service.listRides(ctx.db, requireUser(request), request.params.id);
    },
  );

  app.post(
    '/api/events/:id/rides',
    { ...signedIn, schema: { params: eventParams, body: createRideBody, response: { 201: ride } } },
    async (request, reply) => {
      noStore(reply);
      const made = await service.createRide(ctx.db, requireUser(request), request.params.id, request.body);
      return reply.status(201).send(made);
    },
  );

  app.delete(
    '/api/rides/:rideId',
    { ...signedIn, schema: { params: rideParams, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deleteRide(
        ctx.db,
        requireUser(request),
        request.params.rideId,
        notifyOptionsOf(ctx.config),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/rides/:rideId/requests',
    { ...signedIn, schema: { params: rideParams, body: rideRequestBody, response: { 201: ride } } },
    async (request, reply) => {
      noStore(reply);
      const answer = await service.requestRide(
        ctx.db,
        requireUser(request),
        request.params.rideId,
        request.body,
        notifyOptionsOf(ctx.config),
      );
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/ride-requests/:requestId/respond',
    { ...signedIn, schema: { params: rideRequestParams, body: respondRideBody, response: { 200: ride } } },
    async (request, reply) => {
      noStore(reply);
      return service.respondToRequest(
        ctx.db,
        requireUser(request),
        request.params.requestId,
        request.body.accept,
        notifyOptionsOf(ctx.config),
      );
    },
  );
}
