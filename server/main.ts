import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { mapTilesConfig } from '../contract/fields';
import { buildApp } from './app';
import { databaseHost, openDatabase } from './db/client';
import { seedDemo } from './demo/seed';
import { parseEnv } from './env';
import { StartError } from './errors';
import { bootstrapAdmins } from './modules/auth';
import { scheduleHousekeeping } from './modules/housekeeping';
import { createYoutubeClient } from './modules/tutorials';
import { loadSessionSecret } from './secrets';
import { createStorage } from './storage';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const log = pino({
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
  });
  const dataDir = path.resolve(env.DATA_DIR);
  log.info(
    { database: env.DATABASE_URL ? databaseHost(env.DATABASE_URL) : path.join(dataDir, 'pglite') },
    'opening the database',
  );
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
  });
  await database.migrate();
  log.info({ database: database.kind }, 'database ready');

  const storage = createStorage(env, dataDir);
  if (env.SEED_DEMO === '1') {
    const seeded = await seedDemo(database.db, storage, { adminUsernames: env.ADMIN_USERNAMES });
    if (seeded) log.info(seeded.message);
  }
  // ADMIN_USERNAMES: each listed name's one-time grant goes to the account holding it, if unused.
  const granted = await bootstrapAdmins(database.db, env.ADMIN_USERNAMES);
  if (granted.length > 0) log.info({ granted }, 'admin role granted through ADMIN_USERNAMES');
  if (env.RATE_LIMITS === 'off')
    log.warn('RATE_LIMITS=off: per-address limits are lifted. Never do this in production.');

  // YOUTUBE_API_KEY: tutorials' view counts and channel names, fetched on save and daily.
  const youtube = env.YOUTUBE_API_KEY ? { apiKey: env.YOUTUBE_API_KEY, apiBase: env.YOUTUBE_API_BASE } : null;
  const app = await buildApp({
    database,
    storage,
    logger: log,
    config: {
      rateLimits: env.RATE_LIMITS === 'on',
      adminUsernames: env.ADMIN_USERNAMES,
      trustProxy: env.TRUST_PROXY,
      importAllowPrivate: env.IMPORT_ALLOW_PRIVATE === '1',
      sessionSecret: loadSessionSecret(dataDir, env.SESSION_SECRET),
      webDist: path.resolve(root, env.WEB_DIST ?? path.join('dist', 'web')),
      redisUrl: env.REDIS_URL,
      feedCacheMs: env.FEED_CACHE_MS,
      eventsImportUrl: env.EVENTS_IMPORT_URL,
      eventsCacheMs: env.EVENTS_CACHE_MS,
      publicCacheMs: env.PUBLIC_CACHE_MS,
      analyticsCacheMs: env.ANALYTICS_CACHE_MS,
      mapTiles: mapTilesConfig(env.MAP_TILE_URL, env.MAP_TILE_ATTRIBUTION),
      youtube,
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const stopHousekeeping = scheduleHousekeeping(
    database.db,
    storage,
    (done) => {
      if (done.sessions + done.uploadTokens + done.images + done.youtube + (done.badges ?? 0) > 0)
        log.info(done, 'housekeeping: expired rows removed, YouTube data refreshed, badges awarded');
    },
    (err) => log.error({ err }, 'housekeeping failed'),
    undefined,
    undefined,
    { youtube: youtube ? createYoutubeClient(youtube) : null },
  );
  app.addHook('onClose', async () => stopHousekeeping());

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  log.info(`Airsoft Community is up on http://localhost:${port}`);
}

main().catch((err) => {
  // A refusal to start is one line (what and what to do); anything else keeps its stack.
  console.error(err instanceof StartError ? err.message : err);
  process.exit(1);
});
