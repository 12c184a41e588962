import {
  CHECK_IN_BATCH_MAX,
  CHRONO_BATCH_MAX,
  checkInAnswer,
  checkInBatchAnswer,
  checkInBatchBody,
  checkInBody,
  checkInData,
  chronoAnswer,
  chronoBatchAnswer,
  chronoBatchBody,
  chronoBody,
  gateWaiverAnswer,
  gateWaiverBody,
  myGame,
  ticketAnswer,
  uuid,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { JSON_BODY_LIMIT } from '../../plugins/json-body';
import { requireUser } from '../auth';
import * as service from './service';
import { ticketKey } from './tickets';

const idParams = z.object({ id: uuid() });
const playerParams = z.object({ id: uuid(), userId: uuid() });
/** A full batch (500 offline scans or readings, each under 512 bytes of JSON) fits the body limit. */
const BATCH_BODY_LIMIT = Math.max(CHECK_IN_BATCH_MAX, CHRONO_BATCH_MAX) * 512 + JSON_BODY_LIMIT;

/** Game day (issue 25): the viewer's ticket and games; organisers' check-in (online and synced) and chrono. */
export async function checkInRoutes(app: App, ctx: Ctx) {
  const key = ticketKey(ctx.config.sessionSecret);

  app.get(
    '/api/events/:id/ticket',
    { schema: { params: idParams, response: { 200: ticketAnswer } } },
    async (request, reply) => {
      noStore(reply);
      return service.viewerTicket(ctx.db, key, request.user, request.params.id);
    },
  );

  app.get('/api/user/games', { schema: { response: { 200: z.array(myGame) } } }, async (request, reply) => {
    noStore(reply);
    return service.myGames(ctx.db, key, requireUser(request));
  });

  app.get(
    '/api/events/:id/check-in-data',
    { schema: { params: idParams, response: { 200: checkInData } } },
    async (request, reply) => {
      noStore(reply);
      return service.checkInData(ctx.db, key, request.user, request.params.id);
    },
  );

  app.post(
    '/api/events/:id/check-ins',
    { schema: { params: idParams, body: checkInBody, response: { 200: checkInAnswer } } },
    async (request, reply) => {
      noStore(reply);
      return service.checkIn(ctx.db, key, request.user, request.params.id, request.body);
    },
  );

  app.post(
    '/api/events/:id/check-ins/batch',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      schema: { params: idParams, body: checkInBatchBody, response: { 200: checkInBatchAnswer } },
    },
    async (request, reply) => {
      noStore(reply);
      return service.checkInBatch(ctx.db, key, request.user, request.params.id, request.body.scans);
    },
  );

  app.post(
    '/api/events/:id/chrono',
    { schema: { params: idParams, body: chronoBody, response: { 200: chronoAnswer } } },
    async (request, reply) => {
      noStore(reply);
      return service.recordChrono(ctx.db, key, request.user, request.params.id, request.body);
    },
  );

  app.post(
    '/api/events/:id/chrono/batch',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      schema: { params: idParams, body: chronoBatchBody, response: { 200: chronoBatchAnswer } },
    },
    async (request, reply) => {
      noStore(reply);
      return service.recordChronoBatch(ctx.db, key, request.user, request.params.id, request.body.readings);
    },
  );

  app.post(
    '/api/events/:id/roster/:userId/waiver',
    { schema: { params: playerParams, body: gateWaiverBody, response: { 200: gateWaiverAnswer } } },
    async (request, reply) => {
      noStore(reply);
      const { id, userId } = request.params;
      return service.signWaiverAtGate(ctx.db, key, request.user, id, userId, request.body);
    },
  );
}
