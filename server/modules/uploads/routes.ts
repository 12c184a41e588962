import type { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerImageAnswer, registerImageBody, text, uploadUrlAnswer, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { requireUser } from '../auth';
import * as uploads from './service';

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';

export async function uploadRoutes(app: App, ctx: Ctx) {
  app.post('/api/objects/upload', { schema: { response: { 200: uploadUrlAnswer } } }, async (request) =>
    uploads.createUploadUrl(ctx, requireUser(request).id),
  );

  // The raw-file PUT lives in its own encapsulated scope: only here does any content type pass,
  // as the unread request stream; every other route keeps JSON only.
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.put(
      '/api/objects/upload/:id',
      {
        config: { rawUpload: true },
        schema: {
          params: z.object({ id: text().max(100) }),
          querystring: z.object({
            expires: text().max(20).optional(),
            signature: text().max(200).optional(),
          }),
          // S3 answers a PUT with an empty body and the ETag header; so does this one ({}).
          response: { 200: z.object({}).describe('Stored; the ETag header is the MD5 of the bytes') },
        },
      },
      async (request, reply) => {
        try {
          const { etag } = await uploads.receiveUpload(ctx, {
            id: request.params.id,
            expires: request.query.expires,
            signature: request.query.signature,
            contentLength: request.headers['content-length'],
            body: request.body as Readable | undefined,
          });
          return reply.header('ETag', etag).send({});
        } catch (err) {
          // The rest of a refused body is never read: close the connection instead of draining it.
          reply.header('Connection', 'close');
          throw err;
        }
      },
    );
  });

  app.put(
    '/api/post-images',
    { schema: { body: registerImageBody, response: { 200: registerImageAnswer } } },
    async (request) => uploads.registerImage(ctx, requireUser(request).id, request.body.imageURL),
  );

  app.get('/objects/*', { schema: { params: z.object({ '*': text() }) } }, async (request, reply) => {
    const object = await uploads.openPublicObject(ctx.storage, request.params['*']);
    reply
      .header('Content-Type', object.contentType)
      .header('Cache-Control', PUBLIC_CACHE)
      .header('X-Content-Type-Options', 'nosniff');
    if (object.size > 0) reply.header('Content-Length', object.size);
    return reply.send(object.body);
  });
}
