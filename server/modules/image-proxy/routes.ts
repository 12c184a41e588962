import { imageCheckAnswer, imageCheckBody, imageRef, text, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { badRequest } from '../../errors';
import { isApiRoute } from '../../lib/http';
import { requireUser } from '../auth';
import { assertReachableImages, IMAGE_FIELD_ERROR, proxiedImage } from './service';

/** The signed image proxy, and the hook that gives API answers their `media` maps. */
export async function imageProxyRoutes(app: App, ctx: Ctx) {
  // Objects that already carry their map (cached feed cards) are passed over.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (isApiRoute(request)) await ctx.media(payload);
    return payload;
  });

  // Whether a pasted address is an image the site can show (signed in: it makes the server fetch).
  app.post(
    '/api/image-proxy/check',
    { schema: { body: imageCheckBody, response: { 200: imageCheckAnswer } } },
    async (request) => {
      requireUser(request);
      const { url } = request.body;
      if (!imageRef.safeParse(url).success || !/^https?:\/\//i.test(url))
        throw badRequest(IMAGE_FIELD_ERROR, { url: [IMAGE_FIELD_ERROR] });
      await assertReachableImages(ctx, [url], 'url');
      return { url };
    },
  );

  app.get(
    '/api/image-proxy',
    { schema: { querystring: z.object({ url: text().min(1).max(2048), sig: text().max(100).optional() }) } },
    async (request, reply) => {
      const image = await proxiedImage(ctx, request.query.url, request.query.sig);
      reply
        .header('Content-Type', 'image/webp')
        .header('Cache-Control', 'public, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff');
      if (image.size > 0) reply.header('Content-Length', image.size);
      return reply.send(image.body);
    },
  );
}
