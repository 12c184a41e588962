import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import '../contract/messages';
import { DEFAULT_MAP_TILES, healthAnswer, tileOrigin } from '../contract';
import type { App, AppDeps, Ctx } from './context';
import { DatabaseChangeBus } from './lib/change-bus';
import { LOG_SERIALIZERS } from './lib/log-redaction';
import { MODULES } from './modules';
import { registerAdminScope } from './modules/admin';
import { registerCurrentUser, SESSION_COOKIE, SessionCache } from './modules/auth';
import { createImageSigner, createMediaAttacher } from './modules/image-proxy';
import { registerWebPages } from './modules/pages';
import { FeedCache } from './modules/posts';
import { ImageMetaCache, JobQueue } from './modules/uploads';
import { registerBodyLimits } from './plugins/body-limit';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/error-handler';
import { registerFeedInvalidation } from './plugins/feed-invalidation';
import { JSON_BODY_LIMIT, registerJsonBody } from './plugins/json-body';
import { registerPersonalCache } from './plugins/personal-cache';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { jsonSchemaSerializerCompiler } from './plugins/serializer';
import { registerSignedOutCache } from './plugins/signed-out-cache';
import { registerWriteLimits } from './plugins/write-limits';

/** Builds the whole app around its dependencies; tests call it with a fresh database. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    // The request serializer redacts secrets in addresses (server/lib/log-redaction.ts).
    ...(deps.logger && typeof deps.logger === 'object' && 'info' in deps.logger
      ? {
          loggerInstance: (deps.logger as FastifyBaseLogger).child(
            {},
            { serializers: LOG_SERIALIZERS },
          ) as FastifyBaseLogger,
        }
      : deps.logger
        ? {
            logger: { ...(typeof deps.logger === 'object' ? deps.logger : {}), serializers: LOG_SERIALIZERS },
          }
        : { logger: false }),
    // Whose X-Forwarded-For to believe (TRUST_PROXY): nobody's by default.
    // (A hop count is valid at run time; Fastify's types omit it.)
    trustProxy: (deps.config.trustProxy ?? false) as boolean | string[],
    // 64 KiB for a JSON body; the routes that take more say so (plugins/json-body.ts).
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(jsonSchemaSerializerCompiler as never);

  const imageSigner = createImageSigner(deps.config.sessionSecret);
  // The sizes and variants of own images, looked up once and kept in this process (decision 012).
  const media = createMediaAttacher(imageSigner, new ImageMetaCache(deps.database.db));
  // What changed, told to every process on the database, so each empties its caches (decision 025).
  const bus = new DatabaseChangeBus(deps.database, (err) => app.log.warn({ err }, 'cache change not sent'));
  await bus.start();
  app.addHook('onClose', async () => bus.close());
  const ctx: Ctx = {
    db: deps.database.db,
    readDb: deps.database.readDb,
    storage: deps.storage,
    config: deps.config,
    bus,
    sessions: new SessionCache(deps.config.sessionCacheMs ?? 5_000).sharedThrough(bus),
    feed: new FeedCache(deps.config.feedCacheMs ?? 5_000).preparedBy(media),
    imageSigner,
    media,
    listen: (channel, onNotify, onListening) => deps.database.listen(channel, onNotify, onListening),
    imageJobs: new JobQueue(deps.config.imageJobs?.concurrency ?? 1, deps.config.imageJobs?.maxWaiting ?? 8),
  };

  // The deletion told every process already; this one forgets again in case its read was older.
  registerErrorHandler(app, {
    onAccountGone: (userId) => void ctx.sessions.forgetUser(userId).catch(() => {}),
  });
  registerJsonBody(app);
  registerBodyLimits(app);
  await registerSecurity(app, {
    storageOrigin: (await deps.storage.publicOrigin?.()) ?? null,
    tileOrigin: tileOrigin((deps.config.mapTiles ?? DEFAULT_MAP_TILES).url),
  });
  await registerCompression(app);
  await registerRateLimit(app, deps.config);
  registerSignedOutCache(app, deps.config.signedOutCacheMs ?? 0, SESSION_COOKIE);
  await registerCurrentUser(app, ctx);
  registerWriteLimits(app, deps.config);
  registerPersonalCache(app);
  await registerFeedInvalidation(app, ctx.feed, deps.database);

  // The OpenAPI description, built from every route's zod schemas (registered before the routes).
  await app.register(swagger, {
    openapi: {
      info: { title: 'Airsoft Community API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').send(app.swagger()),
  );

  app.get('/api/health', { schema: { response: { 200: healthAnswer } } }, async () => ({
    ok: true as const,
  }));
  // Every area (modules/index.ts): its routes in a scope of its own, its admin routes in the admin scope.
  for (const area of MODULES) {
    const routes = area.routes;
    if (!routes) continue;
    if (area.global) await routes(app, ctx);
    else await app.register(async (scope) => routes(scope.withTypeProvider<ZodTypeProvider>(), ctx));
  }
  await registerAdminScope(
    app,
    ctx,
    MODULES.flatMap((area) => (area.adminRoutes ? [area.adminRoutes] : [])),
  );

  // The web app's files and pages, last: they answer what no route did.
  await registerWebPages(app, ctx);

  return app;
}
