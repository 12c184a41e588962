import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import '../contract/messages';
import {
  DEFAULT_MAP_TILES,
  FEED_FIRST_PAGE_ID,
  healthAnswer,
  POST_PAGE_DATA_ID,
  PROFILE_DATA_ID,
  tileOrigin,
  uuid as uuidShape,
} from '../contract';
import type { App, AppDeps, Ctx } from './context';
import { MODULES } from './modules';
import { registerAdminScope } from './modules/admin';
import { embeddedViewer, SessionCache } from './modules/auth';
import { createImageSigner, createMediaAttacher } from './modules/image-proxy';
import { embeddedPost, FeedCache, firstFeedPage } from './modules/posts';
import { embeddedProfile } from './modules/profiles';
import { ImageMetaCache, JobQueue } from './modules/uploads';
import { registerCompression } from './plugins/compression';
import { registerCurrentUser, viewerOf } from './plugins/current-user';
import { registerErrorHandler } from './plugins/error-handler';
import { registerFeedInvalidation } from './plugins/feed-invalidation';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { jsonSchemaSerializerCompiler } from './plugins/serializer';
import {
  createIndexSender,
  type IndexData,
  type IndexDataSource,
  isApiPath,
  loadPageRenderer,
  type PageRenderer,
  pageChunks,
  registerStaticWeb,
} from './plugins/static-web';

/** Builds the whole app around its dependencies; tests call it with a fresh database. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    ...(deps.logger && typeof deps.logger === 'object' && 'info' in deps.logger
      ? { loggerInstance: deps.logger as FastifyBaseLogger }
      : { logger: deps.logger ?? false }),
    // Whose X-Forwarded-For to believe (TRUST_PROXY): nobody's by default.
    // (A hop count is valid at run time; Fastify's types omit it.)
    trustProxy: (deps.config.trustProxy ?? false) as boolean | string[],
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(jsonSchemaSerializerCompiler as never);

  const imageSigner = createImageSigner(deps.config.sessionSecret);
  // The sizes and variants of own images, looked up once and kept in this process (decision 012).
  const media = createMediaAttacher(imageSigner, new ImageMetaCache(deps.database.db));
  const ctx: Ctx = {
    db: deps.database.db,
    storage: deps.storage,
    config: deps.config,
    sessions: new SessionCache(deps.config.sessionCacheMs ?? 5_000),
    feed: new FeedCache(deps.config.feedCacheMs ?? 5_000).preparedBy(media),
    imageSigner,
    media,
    imageJobs: new JobQueue(deps.config.imageJobs?.concurrency ?? 1, deps.config.imageJobs?.maxWaiting ?? 8),
  };

  registerErrorHandler(app);
  await registerSecurity(app, {
    storageOrigin: (await deps.storage.publicOrigin?.()) ?? null,
    tileOrigin: tileOrigin((deps.config.mapTiles ?? DEFAULT_MAP_TILES).url),
  });
  await registerCompression(app);
  await registerRateLimit(app, deps.config);
  await registerCurrentUser(app, ctx);
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

  const hasWeb = await registerStaticWeb(app, deps.config.webDist);
  const webDist = hasWeb ? deps.config.webDist : null;
  const sendIndex = webDist
    ? createIndexSender(
        webDist,
        indexData(ctx, {
          profileChunks: pageChunks(webDist, 'src/app/routes/profile.tsx'),
          renderer: await loadPageRenderer(webDist, app.log),
        }),
      )
    : null;
  app.setNotFoundHandler((request, reply) => {
    if (
      sendIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !request.url.startsWith('/objects/')
    ) {
      return sendIndex(request, reply);
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });

  return app;
}

/**
 * What the HTML of an app path carries for the request's viewer: on every path the viewer (as GET
 * /api/user answers them, or null; decision 020); on / its first feed page with its first image's
 * preload (decision 018); on /profile/{username} the profile and its banner's preload (decision
 * 018). /, /auth (signed out) and /profile/{username} also come as the browser's first render,
 * from the web's page renderer (decision 020); without it the profile preloads its chunks.
 */
function indexData(
  ctx: Ctx,
  page: { profileChunks: string[]; renderer: PageRenderer | null },
): IndexDataSource {
  const { renderer } = page;
  // The page's markup, or none when the renderer is missing or fails (the page then renders in
  // the browser, as before).
  const render = async (request: FastifyRequest, draw: (r: PageRenderer) => Promise<string>) => {
    if (!renderer) return undefined;
    try {
      return await draw(renderer);
    } catch (error) {
      request.log.warn({ err: error }, `${request.url} sent without its rendered markup`);
      return undefined;
    }
  };
  // /auth is the same for every signed-out visitor: rendered once.
  let authMarkup: Promise<string | undefined> | null = null;
  return (request, pathname) =>
    (async () => {
      const viewer = await viewerOf(ctx, request);
      const viewerJson = await embeddedViewer(ctx.media, viewer);
      const base: IndexData = { viewer: viewerJson, personal: viewer !== null };
      if (pathname === '/') {
        const { json, image } = await firstFeedPage(ctx.db, ctx.feed, viewer);
        const markup = await render(request, (r) => r.renderHome(JSON.parse(json), JSON.parse(viewerJson)));
        return { ...base, id: FEED_FIRST_PAGE_ID, json, image, markup };
      }
      if (pathname === '/auth') {
        if (viewer) return base;
        authMarkup ??= render(request, (r) => r.renderAuth()).then((markup) => {
          if (markup === undefined) authMarkup = null;
          return markup;
        });
        return { ...base, markup: await authMarkup };
      }
      const postId = postPath(pathname);
      if (postId !== null) {
        const found = await embeddedPost(ctx.db, ctx.media, postId, viewer);
        if (!found) return base;
        const markup = await render(request, (r) =>
          r.renderPost(postId, JSON.parse(found.json), JSON.parse(viewerJson)),
        );
        return { ...base, id: POST_PAGE_DATA_ID, ...found, markup };
      }
      const username = profilePath(pathname);
      if (username === null) return base;
      const found = await embeddedProfile(ctx.db, ctx.media, username, viewer);
      if (!found) return base;
      const markup = await render(request, (r) =>
        r.renderProfile(username, JSON.parse(found.json), JSON.parse(viewerJson)),
      );
      // With its markup the page paints without them: its chunks then load after the entry rather
      // than compete with the banner, the CSS and the entry before the first paint.
      return { ...base, id: PROFILE_DATA_ID, ...found, modules: markup ? [] : page.profileChunks, markup };
    })();
}

/** The id of a /posts/{id} path (the web's route; a uuid, lower-cased as the API reads it), or null. */
function postPath(pathname: string): string | null {
  const match = /^\/posts\/([0-9a-fA-F-]{36})\/?$/.exec(pathname);
  if (!match || !uuidShape().safeParse(match[1]).success) return null;
  return match[1].toLowerCase();
}

/** The username of a /profile/{username} path (the web's route), or null for any other path. */
function profilePath(pathname: string): string | null {
  const match = /^\/profile\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    const username = decodeURIComponent(match[1]);
    return username.length > 0 && username.length <= 100 ? username : null;
  } catch {
    return null;
  }
}
