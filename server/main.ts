import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino, { type Logger } from 'pino';
import { mapTilesConfig } from '../contract/fields';
import { buildApp } from './app';
import { superviseWorkers, workerCount } from './cluster';
import { type Database, databaseHost, openDatabase } from './db/client';
import { demoAdminPassword, demoAdminWarning, seedDemo } from './demo/seed';
import { cookieSecureOf, parseEnv } from './env';
import { StartError } from './errors';
import { bootstrapAdmins } from './modules/auth';
import { scheduleHousekeeping } from './modules/housekeeping';
import {
  createUnsubscribeSigner,
  type NotifyOptions,
  scheduleDigests,
  scheduleNotificationJobs,
} from './modules/notifications';
import { createYoutubeClient } from './modules/tutorials';
import { loadSessionSecret } from './secrets';
import { createStorage } from './storage';
import type { ObjectStorage } from './storage/types';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Env = ReturnType<typeof parseEnv>;

/**
 * `npm start` (decision 025): on the embedded database, one process; on PostgreSQL, a primary that
 * migrates, seeds and grants (once), runs the jobs, and forks WEB_CONCURRENCY workers (default one
 * per core) that serve; WEB_CONCURRENCY=1 keeps a single process.
 */
async function main() {
  let env: Env;
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
  if (cluster.isWorker) return serveAsWorker(env, log);
  const workers = workerCount(env);
  if (!env.DATABASE_URL)
    log.info('embedded database (PGlite): one process; set DATABASE_URL to serve from one worker per core');
  if (workers > 1) return runPrimary(env, log, workers);
  return runSingle(env, log);
}

/** Opens the database, applies the migrations, seeds an empty one, grants ADMIN_USERNAMES: once, before serving. */
async function prepare(env: Env, log: Logger, poolSize?: number) {
  const dataDir = path.resolve(env.DATA_DIR);
  log.info(
    { database: env.DATABASE_URL ? databaseHost(env.DATABASE_URL) : path.join(dataDir, 'pglite') },
    'opening the database',
  );
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    poolSize,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    readUrl: env.DATABASE_READ_URL,
  });
  await database.migrate();
  log.info({ database: database.kind }, 'database ready');

  const storage = createStorage(env, dataDir);
  if (env.SEED_DEMO === '1') {
    // The demo admin: a random password in production, printed here once (docs/security.md 6.3.2).
    const admin = demoAdminPassword(env);
    const seeded = await seedDemo(database.db, storage, {
      adminUsernames: env.ADMIN_USERNAMES,
      adminPassword: admin.password,
    });
    if (seeded) log.info(seeded.message);
    if (seeded && admin.random) log.warn(demoAdminWarning(admin.password));
  }
  // ADMIN_USERNAMES: each listed name's one-time grant goes to the account holding it, if unused.
  const granted = await bootstrapAdmins(database.db, env.ADMIN_USERNAMES);
  if (granted.length > 0) log.info({ granted }, 'admin role granted through ADMIN_USERNAMES');
  if (env.RATE_LIMITS === 'off')
    log.warn(
      'RATE_LIMITS=off: every rate limit is lifted (sign-in, registration, every write). Never do this in production.',
    );
  return { database, storage, dataDir };
}

// YOUTUBE_API_KEY: tutorials' view counts and channel names, fetched on save and daily.
const youtubeOf = (env: Env) =>
  env.YOUTUBE_API_KEY ? { apiKey: env.YOUTUBE_API_KEY, apiBase: env.YOUTUBE_API_BASE } : null;

// SMTP_URL (with MAIL_FROM and PUBLIC_URL, which parseEnv requires with it): mail is sent.
const mailOf = (env: Env) =>
  env.SMTP_URL && env.MAIL_FROM && env.PUBLIC_URL
    ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, publicUrl: env.PUBLIC_URL }
    : null;

// How the jobs tell players (badges, reminders, fan-out): by mail too when mail is sent.
const noticeOf = (env: Env): NotifyOptions => ({ mail: Boolean(mailOf(env)) });

/**
 * Housekeeping every 5 minutes (with the reminders a day before each game) and, with mail, the
 * daily digests looked for hourly: each one run at a time across every process on the database;
 * and every minute, the notification jobs still due (a retry, or one no app process heard of).
 */
function startJobs(env: Env, log: Logger, database: Database, storage: ObjectStorage, dataDir: string) {
  const mail = mailOf(env);
  const stopDigests = mail
    ? scheduleDigests(
        database,
        mail,
        createUnsubscribeSigner(loadSessionSecret(dataDir, env.SESSION_SECRET)),
        (queued) => {
          if (queued > 0) log.info({ queued }, 'notifications: daily digests queued');
        },
        (err) => log.error({ err }, 'notifications: daily digests failed'),
      )
    : () => {};
  const notifications = scheduleNotificationJobs(database.db, { ...noticeOf(env), log });
  const stopHousekeeping = startHousekeeping(env, log, database, storage);
  return () => {
    stopHousekeeping();
    stopDigests();
    void notifications.stop();
  };
}

/** Housekeeping every 5 minutes, one run at a time across every process on the database. */
function startHousekeeping(env: Env, log: Logger, database: Database, storage: ObjectStorage) {
  const youtube = youtubeOf(env);
  return scheduleHousekeeping(
    database,
    storage,
    (done) => {
      if (
        done.sessions +
          done.uploadTokens +
          done.images +
          done.youtube +
          done.mails +
          done.exports +
          (done.badges ?? 0) +
          (done.reminders ?? 0) >
        0
      )
        log.info(done, 'housekeeping: expired rows removed, YouTube data refreshed, badges awarded');
    },
    (err) => log.error({ err }, 'housekeeping failed'),
    undefined,
    undefined,
    {
      youtube: youtube ? createYoutubeClient(youtube) : null,
      onSkipped: () => log.info('housekeeping: skipped, another process on the database is running it'),
      notice: noticeOf(env),
    },
  );
}

/** The app on `database`, listening on PORT. */
async function serve(env: Env, log: Logger, database: Database, storage: ObjectStorage, dataDir: string) {
  const app = await buildApp({
    database,
    storage,
    logger: log,
    config: {
      rateLimits: env.RATE_LIMITS === 'on',
      cookieSecure: cookieSecureOf(env),
      ratingTrustHours: env.RATING_TRUST_HOURS,
      adminUsernames: env.ADMIN_USERNAMES,
      trustProxy: env.TRUST_PROXY,
      importAllowPrivate: env.IMPORT_ALLOW_PRIVATE === '1',
      sessionSecret: loadSessionSecret(dataDir, env.SESSION_SECRET),
      webDist: path.resolve(root, env.WEB_DIST ?? path.join('dist', 'web')),
      redisUrl: env.REDIS_URL,
      feedCacheMs: env.FEED_CACHE_MS,
      unreadCacheMs: env.UNREAD_CACHE_MS,
      notificationsPageCacheMs: env.NOTIFICATIONS_PAGE_CACHE_MS,
      eventsImportUrl: env.EVENTS_IMPORT_URL,
      eventsCacheMs: env.EVENTS_CACHE_MS,
      publicCacheMs: env.PUBLIC_CACHE_MS,
      signedOutCacheMs: env.SIGNED_OUT_CACHE_MS,
      analyticsCacheMs: env.ANALYTICS_CACHE_MS,
      analyticsFlushMs: env.ANALYTICS_FLUSH_MS,
      mapTiles: mapTilesConfig(env.MAP_TILE_URL, env.MAP_TILE_ATTRIBUTION),
      youtube: youtubeOf(env),
      mail: mailOf(env),
      publicUrl: env.PUBLIC_URL ?? null,
      production: env.NODE_ENV === 'production',
    },
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  return app;
}

/** SIGINT/SIGTERM (and, in a worker, the primary gone) run `close` once; the process exits 0 after it, 1 if it fails or hangs. */
function onShutdown(log: Logger, close: () => Promise<boolean | undefined>) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    let code = 0;
    try {
      if ((await close()) === false) code = 1;
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      code = 1;
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return shutdown;
}

const upLine = (port: number) => `Airsoft Community is up on http://localhost:${port}`;

/** One process: prepares, serves and runs the jobs (the embedded database, or WEB_CONCURRENCY=1). */
async function runSingle(env: Env, log: Logger) {
  const { database, storage, dataDir } = await prepare(env, log, env.DB_POOL_SIZE);
  const app = await serve(env, log, database, storage, dataDir);
  const stopJobs = startJobs(env, log, database, storage, dataDir);
  onShutdown(log, async () => {
    stopJobs();
    await app.close();
    await database.close();
    return undefined;
  });
  const address = app.server.address();
  log.info(upLine(typeof address === 'object' && address ? address.port : env.PORT));
}

/** The primary: prepares once, runs the jobs, and keeps `count` workers serving. */
async function runPrimary(env: Env, log: Logger, count: number) {
  // The primary's own queries are few (the jobs; one connection holds the job's lock): a small pool.
  const { database, storage, dataDir } = await prepare(env, log, 4);
  const workers = superviseWorkers(count, log);
  const stopJobs = startJobs(env, log, database, storage, dataDir);
  onShutdown(log, async () => {
    stopJobs();
    const clean = await workers.stop();
    await database.close();
    return clean;
  });
  log.info(`${upLine(await workers.ready)} (${count} workers)`);
}

/** A worker: serves on the shared port; the primary did the rest. */
async function serveAsWorker(env: Env, log: Logger) {
  const dataDir = path.resolve(env.DATA_DIR);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    readUrl: env.DATABASE_READ_URL,
    dataDir,
    poolSize: env.DB_POOL_SIZE,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
  });
  const app = await serve(env, log, database, createStorage(env, dataDir), dataDir);
  const shutdown = onShutdown(log, async () => {
    await app.close();
    await database.close();
    return undefined;
  });
  // The primary is gone (killed): finish the requests in flight and go too.
  process.on('disconnect', () => void shutdown('disconnect'));
}

main().catch((err) => {
  // A refusal to start is one line (what and what to do); anything else keeps its stack.
  console.error(err instanceof StartError ? err.message : err);
  process.exit(1);
});
