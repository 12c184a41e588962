import type { FastifyReply, FastifyRequest } from 'fastify';
import { createSeriesBody, event, eventSeriesAnswer, uuid, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { requireUser } from '../auth';
import { eventsCache } from './cache';
import { calendarAnswer, ICS_TYPE, siteOrigin } from './routes';
import { confirmEvent, createSeries, fieldCalendar, getSeries, seriesCalendar, teamCalendar } from './series';

const idParams = z.object({ id: uuid() });
/** 401 before the body is read. */
const signedIn = { onRequest: async (request: FastifyRequest) => void requireUser(request) };

/** A public calendar feed, cacheable like /api/events.ics. */
const sendCalendar = (reply: FastifyReply, body: string) =>
  reply
    .type(ICS_TYPE)
    .header('Cache-Control', 'public, max-age=300')
    .serializer((v: unknown) => v as string)
    .send(body);

/**
 * Weekly games without copying (issue 26): a series made from an event, its page, a game's
 * confirmation, and the public calendar feeds of a series, a team's events and a field's.
 * (PATCH /api/events/{id}?scope= is the events' own route, routes.ts.)
 */
export async function seriesRoutes(app: App, ctx: Ctx) {
  app.post(
    '/api/events/:id/series',
    {
      ...signedIn,
      schema: { params: idParams, body: createSeriesBody, response: { 201: eventSeriesAnswer } },
    },
    async (request, reply) => {
      noStore(reply);
      const user = requireUser(request);
      const made = await createSeries(ctx.db, user, request.params.id, request.body);
      await eventsCache(ctx).invalidate();
      return reply.status(201).send(made);
    },
  );

  app.post(
    '/api/events/:id/confirm',
    { ...signedIn, schema: { params: idParams, response: { 200: event } } },
    async (request, reply) => {
      noStore(reply);
      const answer = await confirmEvent(ctx.db, requireUser(request), request.params.id);
      await eventsCache(ctx).invalidate();
      return answer;
    },
  );

  app.get(
    '/api/event-series/:id',
    { config: { signedOutCache: true }, schema: { params: idParams, response: { 200: eventSeriesAnswer } } },
    async (request, reply) => {
      noStore(reply);
      return getSeries(ctx.db, request.params.id, request.user);
    },
  );

  app.get(
    '/api/event-series/:id.ics',
    { schema: { params: idParams, response: calendarAnswer } },
    async (request, reply) =>
      sendCalendar(reply, await seriesCalendar(ctx.db, request.params.id, siteOrigin(ctx, request))),
  );

  app.get(
    '/api/teams/:id/events.ics',
    { schema: { params: idParams, response: calendarAnswer } },
    async (request, reply) =>
      sendCalendar(reply, await teamCalendar(ctx.db, request.params.id, siteOrigin(ctx, request))),
  );

  app.get(
    '/api/fields/:id/events.ics',
    { schema: { params: idParams, response: calendarAnswer } },
    async (request, reply) =>
      sendCalendar(reply, await fieldCalendar(ctx.db, request.params.id, siteOrigin(ctx, request))),
  );
}
