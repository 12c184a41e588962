import {
  appConfigAnswer,
  DEFAULT_MAP_TILES,
  field,
  fieldCreateBody,
  fieldDetail,
  fieldPatchBody,
  fieldRateAnswer,
  fieldRateBody,
  fieldsQuery,
  fieldVerifyBody,
  noContent,
  uuid,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { requireUser } from '../auth';
import {
  createField,
  deleteField,
  getFieldDetail,
  listFields,
  rateField,
  updateField,
  verifyField,
} from './service';

const idParams = z.object({ id: uuid() });

/** The fields directory for everyone, one field with its upcoming events, a player's rating; the map's config. */
export async function fieldsRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/fields',
    {
      config: { signedOutCache: true },
      schema: { querystring: fieldsQuery, response: { 200: z.array(field) } },
    },
    async (request) => listFields(ctx.db, request.query, request.user),
  );

  app.get(
    '/api/fields/:id',
    { config: { signedOutCache: true }, schema: { params: idParams, response: { 200: fieldDetail } } },
    async (request) => getFieldDetail(ctx.db, request.params.id, request.user),
  );

  app.post(
    '/api/fields/:id/rate',
    { schema: { params: idParams, body: fieldRateBody, response: { 200: fieldRateAnswer } } },
    async (request) =>
      rateField(
        ctx.db,
        requireUser(request),
        request.params.id,
        request.body.rating,
        ctx.config.ratingTrustHours,
      ),
  );

  // What the web app learns at run time: the map's tile source (MAP_TILE_URL) and its attribution.
  app.get('/api/config', { schema: { response: { 200: appConfigAnswer } } }, async () => {
    const tiles = ctx.config.mapTiles ?? DEFAULT_MAP_TILES;
    return { map: { tileUrl: tiles.url, attribution: tiles.attribution } };
  });
}

/** Manage Fields; registered inside the admin scope (modules/admin/scope.ts), which requires the role. */
export async function fieldsAdminRoutes(app: App, ctx: Ctx) {
  app.post(
    '/api/admin/fields',
    { schema: { body: fieldCreateBody, response: { 201: field } } },
    async (request, reply) =>
      reply.status(201).send(await createField(ctx.db, requireUser(request), request.body)),
  );

  app.patch(
    '/api/admin/fields/:id',
    { schema: { params: idParams, body: fieldPatchBody, response: { 200: field } } },
    async (request) => updateField(ctx.db, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/fields/:id/verify',
    { schema: { params: idParams, body: fieldVerifyBody, response: { 200: field } } },
    async (request) =>
      verifyField(ctx.db, requireUser(request), request.params.id, request.body?.verified ?? true),
  );

  app.delete(
    '/api/admin/fields/:id',
    { schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await deleteField(ctx.db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
