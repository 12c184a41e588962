import {
  eventMessage,
  eventMessageBody,
  eventMessagesAnswer,
  rosterAnswer,
  signedWaiversAnswer,
  uuid,
  waiverBody,
  waiverSetting,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { requireUser } from '../auth';
import { eventsCache } from './cache';
import { listEventMessages, sendEventMessage } from './messages';
import { getRoster, rosterCsv, rosterFileName } from './roster';
import {
  eventWaiverSetting,
  fieldWaiverSetting,
  listOwnWaivers,
  removeEventWaiver,
  setEventWaiver,
  setFieldWaiver,
} from './waivers';

const idParams = z.object({ id: uuid() });
/** A waiver set or removed changes the lists' waiverRequired: every process's list pages are emptied. */
const changed = async <T>(ctx: Ctx, answer: T): Promise<T> => {
  await eventsCache(ctx).invalidate();
  return answer;
};

/**
 * Game day (issue 25): an event's waiver (its organisers), the roster and its CSV, messages to the
 * players, a field's waiver (read by anyone), a player's own signed waivers. Every answer is
 * personal or for organisers: never stored by caches.
 */
export async function gameDayRoutes(app: App, ctx: Ctx) {
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config && (request.routeOptions.config as { gameDay?: boolean }).gameDay)
      noStore(reply);
  });
  const config = { gameDay: true };

  app.get(
    '/api/events/:id/waiver',
    { config, schema: { params: idParams, response: { 200: waiverSetting } } },
    async (request) => eventWaiverSetting(ctx.db, request.user, request.params.id),
  );
  app.put(
    '/api/events/:id/waiver',
    { config, schema: { params: idParams, body: waiverBody, response: { 200: waiverSetting } } },
    async (request) =>
      changed(ctx, await setEventWaiver(ctx.db, request.user, request.params.id, request.body.text)),
  );
  app.delete(
    '/api/events/:id/waiver',
    { config, schema: { params: idParams, response: { 200: waiverSetting } } },
    async (request) => changed(ctx, await removeEventWaiver(ctx.db, request.user, request.params.id)),
  );
  app.get(
    '/api/fields/:id/waiver',
    { schema: { params: idParams, response: { 200: waiverSetting } } },
    async (request) => fieldWaiverSetting(ctx.db, request.params.id),
  );

  app.get(
    '/api/events/:id/roster',
    { config, schema: { params: idParams, response: { 200: rosterAnswer } } },
    async (request) => getRoster(ctx.db, request.user, request.params.id),
  );
  app.get(
    '/api/events/:id/roster.csv',
    { config, schema: { params: idParams, response: { 200: z.string().describe('text/csv') } } },
    async (request, reply) => {
      const roster = await getRoster(ctx.db, request.user, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${rosterFileName(roster.title)}"`)
        .serializer((v: unknown) => v as string)
        .send(rosterCsv(roster));
    },
  );

  app.get(
    '/api/events/:id/messages',
    { config, schema: { params: idParams, response: { 200: eventMessagesAnswer } } },
    async (request) => listEventMessages(ctx.db, request.user, request.params.id),
  );
  app.post(
    '/api/events/:id/messages',
    { config, schema: { params: idParams, body: eventMessageBody, response: { 201: eventMessage } } },
    async (request, reply) =>
      reply.status(201).send(await sendEventMessage(ctx.db, request.user, request.params.id, request.body)),
  );

  app.get(
    '/api/user/waivers',
    { config, schema: { response: { 200: signedWaiversAnswer } } },
    async (request) => listOwnWaivers(ctx.db, requireUser(request)),
  );
}

/** A field's waiver, set by admins (inside the admin scope): its events without their own inherit it. */
export async function gameDayAdminRoutes(admin: App, ctx: Ctx) {
  admin.put(
    '/api/admin/fields/:id/waiver',
    { schema: { params: idParams, body: waiverBody, response: { 200: waiverSetting } } },
    async (request) =>
      changed(ctx, await setFieldWaiver(ctx.db, requireUser(request), request.params.id, request.body.text)),
  );
  admin.delete(
    '/api/admin/fields/:id/waiver',
    { schema: { params: idParams, response: { 200: waiverSetting } } },
    async (request) =>
      changed(ctx, await setFieldWaiver(ctx.db, requireUser(request), request.params.id, null)),
  );
}
