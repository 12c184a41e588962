import type { FastifyRequest } from 'fastify';
import {
  CALENDAR_TOKEN_PATTERN,
  calendarFeedAnswer,
  confirmSquadBody,
  createEventBody,
  createSquadBody,
  EVENT_IMPORT_TEXTS,
  EVENT_LIMITS,
  editScopeQuery,
  event,
  eventsFeedQuery,
  eventsQuery,
  eventWithReplicas,
  importEventsAnswer,
  importEventsBody,
  importPresetAnswer,
  moveSideBody,
  noContent,
  registrationBody,
  registrationPrivacyBody,
  searchEvent,
  squad,
  squadsAnswer,
  text,
  updateEventBody,
  uuid,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { notFound } from '../../errors';
import { noStore } from '../../lib/http';
import { ANALYTICS_RATE_LIMIT } from '../../plugins/rate-limit';
import { recordedSearch } from '../analytics';
import { requireUser } from '../auth';
import { notifyOptionsOf } from '../notifications';
import { eventsCache } from './cache';
import { gameDayAdminRoutes, gameDayRoutes } from './game-day-routes';
import { eventCalendar, personalCalendar, upcomingCalendar } from './ics';
import { importEvents, presetSource } from './import';
import { updateInScope } from './series';
import { getEvent, listEvents, searchEvents } from './service';
import { confirmSquad, createSquad, listSquads } from './squads';
import * as writes from './writes';

const idParams = z.object({ id: uuid() });
/** The calendar routes answer text/calendar (RFC 5545), not JSON. */
export const ICS_TYPE = 'text/calendar; charset=utf-8';
export const calendarAnswer = { 200: z.string().describe('text/calendar (RFC 5545)') };
/** After an events write: every process's list pages are emptied before the answer leaves (decision 025). */
const changed = async <T>(ctx: Ctx, answer: T): Promise<T> => {
  await eventsCache(ctx).invalidate();
  return answer;
};
/**
 * The site's address for absolute links in calendars (issue 24: the Host header was reflected into
 * the public, cacheable /api/events.ics): PUBLIC_URL when set; else the request's own address in
 * development (and tests) only; in production without PUBLIC_URL, none (the links are left out).
 */
export const siteOrigin = (ctx: Ctx, request: FastifyRequest): string | null => {
  if (ctx.config.publicUrl) return ctx.config.publicUrl;
  return ctx.config.production ? null : `${request.protocol}://${request.host}`;
};

/** Events for everyone: the list, one event, search, calendar feeds, and the viewer's registration. */
export async function eventRoutes(app: App, ctx: Ctx) {
  await gameDayRoutes(app, ctx);
  app.get(
    '/api/events',
    {
      config: { signedOutCache: true },
      schema: { querystring: eventsQuery, response: { 200: z.array(event) } },
    },
    async (request) => listEvents(ctx.db, eventsCache(ctx), request.query, request.user),
  );

  app.get(
    '/api/events/search',
    {
      schema: {
        querystring: z.object({ q: text().max(100).optional() }),
        response: { 200: z.array(searchEvent) },
      },
      config: { rateLimit: ANALYTICS_RATE_LIMIT },
    },
    async (request) => recordedSearch(ctx, request, request.query.q, (q) => searchEvents(ctx.db, q)),
  );

  app.get(
    '/api/events/:id',
    { config: { signedOutCache: true }, schema: { params: idParams, response: { 200: eventWithReplicas } } },
    async (request) => getEvent(ctx.db, request.params.id, request.user),
  );

  app.post(
    '/api/events/:id/registration',
    { schema: { params: idParams, body: registrationBody.nullish(), response: { 200: event } } },
    async (request, reply) => {
      noStore(reply);
      return changed(
        ctx,
        await writes.register(
          ctx.db,
          requireUser(request),
          request.params.id,
          notifyOptionsOf(ctx.config),
          request.body ?? {},
        ),
      );
    },
  );

  app.patch(
    '/api/events/:id/registration',
    // Issue 26: the player's registration made private, or public again; 401 before the body is read.
    { ...signedIn, schema: { params: idParams, body: registrationPrivacyBody, response: { 200: event } } },
    async (request, reply) => {
      noStore(reply);
      return changed(
        ctx,
        await writes.setRegistrationPrivacy(ctx.db, requireUser(request), request.params.id, request.body),
      );
    },
  );

  app.delete(
    '/api/events/:id/registration',
    { schema: { params: idParams, response: { 200: event } } },
    async (request, reply) => {
      noStore(reply);
      return changed(
        ctx,
        await writes.cancel(ctx.db, requireUser(request), request.params.id, notifyOptionsOf(ctx.config)),
      );
    },
  );

  app.get(
    '/api/events.ics',
    { schema: { querystring: eventsFeedQuery, response: calendarAnswer } },
    async (request, reply) =>
      reply
        .type(ICS_TYPE)
        .header('Cache-Control', 'public, max-age=300')
        .serializer((v: unknown) => v as string)
        .send(await upcomingCalendar(ctx.db, request.query.type, siteOrigin(ctx, request))),
  );

  app.get(
    '/api/events/:id/ics',
    { schema: { params: idParams, response: calendarAnswer } },
    async (request, reply) => {
      const { text: body } = await eventCalendar(ctx.db, request.params.id, siteOrigin(ctx, request));
      return reply
        .type(ICS_TYPE)
        .header('Content-Disposition', `attachment; filename="event-${request.params.id}.ics"`)
        .serializer((v: unknown) => v as string)
        .send(body);
    },
  );

  app.get(
    '/api/calendar/:token.ics',
    { schema: { params: z.object({ token: text().max(100) }), response: calendarAnswer } },
    async (request, reply) => {
      if (!CALENDAR_TOKEN_PATTERN.test(request.params.token))
        throw notFound(EVENT_IMPORT_TEXTS.calendarNotFound);
      const body = await personalCalendar(ctx.db, request.params.token, siteOrigin(ctx, request));
      return reply
        .type(ICS_TYPE)
        .header('Cache-Control', 'private, no-store')
        .serializer((v: unknown) => v as string)
        .send(body);
    },
  );

  app.get(
    '/api/user/calendar-token',
    { schema: { response: { 200: calendarFeedAnswer } } },
    async (request, reply) => {
      noStore(reply);
      return writes.calendarFeed(ctx.db, requireUser(request));
    },
  );

  app.post(
    '/api/user/calendar-token',
    { schema: { response: { 200: calendarFeedAnswer } } },
    async (request, reply) => {
      noStore(reply);
      return writes.resetCalendarFeed(ctx.db, requireUser(request));
    },
  );
}

/** The signed-in writes outside the admin scope: 401 before validation, like the admin scope's hook. */
const signedIn = { onRequest: async (request: FastifyRequest) => void requireUser(request) };

/**
 * Create and edit (issue 25): admins, and a team's leader and co-leaders for events their team
 * hosts (writes.ts createEvent, organisers.ts); every other refusal is the service's.
 */
export async function eventOrganiserRoutes(app: App, ctx: Ctx) {
  app.post(
    '/api/events',
    { ...signedIn, schema: { body: createEventBody, response: { 201: event } } },
    async (request, reply) => {
      const made = await changed(ctx, await writes.createEvent(ctx.db, requireUser(request), request.body));
      return reply.status(201).send(made);
    },
  );

  app.post(
    '/api/events/:id/roster/:userId/side',
    {
      ...signedIn,
      schema: { params: idParams.extend({ userId: uuid() }), body: moveSideBody, response: { 200: event } },
    },
    async (request, reply) => {
      noStore(reply);
      const { id, userId } = request.params;
      return changed(
        ctx,
        await writes.moveToSide(
          ctx.db,
          requireUser(request),
          id,
          userId,
          request.body,
          notifyOptionsOf(ctx.config),
        ),
      );
    },
  );

  app.get(
    '/api/events/:id/squads',
    { ...signedIn, schema: { params: idParams, response: { 200: squadsAnswer } } },
    async (request, reply) => {
      noStore(reply);
      return listSquads(ctx.db, requireUser(request), request.params.id);
    },
  );

  app.post(
    '/api/events/:id/squads',
    { ...signedIn, schema: { params: idParams, body: createSquadBody, response: { 201: squad } } },
    async (request, reply) => {
      noStore(reply);
      const made = await createSquad(
        ctx.db,
        requireUser(request),
        request.params.id,
        request.body,
        notifyOptionsOf(ctx.config),
      );
      await eventsCache(ctx).invalidate();
      return reply.status(201).send(made);
    },
  );

  app.post(
    '/api/events/:id/squads/:squadId/confirm',
    {
      ...signedIn,
      schema: {
        params: idParams.extend({ squadId: uuid() }),
        body: confirmSquadBody.nullish(),
        response: { 200: squad },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { id, squadId } = request.params;
      return changed(ctx, await confirmSquad(ctx.db, requireUser(request), id, squadId, request.body ?? {}));
    },
  );

  app.patch(
    '/api/events/:id',
    {
      ...signedIn,
      schema: {
        params: idParams,
        querystring: editScopeQuery,
        body: updateEventBody,
        response: { 200: event },
      },
    },
    async (request) => {
      const updated = await changed(
        ctx,
        // Issue 26: scope=following edits this and every later game of its series.
        await updateInScope(
          ctx.db,
          requireUser(request),
          request.params.id,
          request.body,
          request.query.scope,
          notifyOptionsOf(ctx.config),
        ),
      );
      return updated;
    },
  );
}

/** Manage Events (inside the admin scope): delete, import. */
export async function eventAdminRoutes(admin: App, ctx: Ctx) {
  await gameDayAdminRoutes(admin, ctx);
  admin.delete(
    '/api/events/:id',
    { schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await writes.deleteEvent(ctx.db, requireUser(request), request.params.id);
      await changed(ctx, null);
      return reply.status(204).send(null);
    },
  );

  admin.post(
    '/api/events/import',
    {
      // An uploaded .ics of up to 5 MB, JSON-escaped.
      bodyLimit: EVENT_LIMITS.importMaxBytes * 2,
      schema: { body: importEventsBody, response: { 200: importEventsAnswer } },
    },
    async (request) => {
      return changed(ctx, await importEvents(ctx, requireUser(request), request.body));
    },
  );

  admin.get('/api/events/import/preset', { schema: { response: { 200: importPresetAnswer } } }, async () =>
    presetSource(ctx),
  );
}
