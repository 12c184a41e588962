import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import type { App, AppConfig } from '../context';
import { type Database, openDatabase } from '../db/client';
import { LocalStorage } from '../storage/local';
import type { ObjectStorage } from '../storage/types';
import { openTestDatabase, type TestDatabase } from './db';

export interface TestApp {
  app: App;
  database: TestDatabase;
  storage: ObjectStorage;
  dir: string;
  close(): Promise<void>;
}

/** buildApp() as the tests run it: limits off and the test admin's name unless `config` says otherwise. */
async function readyApp(
  database: Database,
  storage: ObjectStorage,
  config: Partial<AppConfig> = {},
  logger?: object,
) {
  const app = await buildApp({
    database,
    storage,
    ...(logger ? { logger } : {}),
    config: {
      rateLimits: false,
      adminUsernames: ['admin'],
      sessionSecret: 'test-secret-test-secret-test-secret-123',
      webDist: null,
      // Page views written before the beacon answers, so a test reads them at once (decision 027).
      analyticsFlushMs: 0,
      // Every rating counts at once, as the tests that rank rated items expect (RATING_TRUST_HOURS=0).
      ratingTrustHours: 0,
      ...config,
    },
  });
  await app.ready();
  return app;
}

/** buildApp() on a fresh database and a temporary object folder; limits off unless asked. */
export async function createTestApp(
  opts: {
    config?: Partial<AppConfig>;
    storage?: ObjectStorage;
    logger?: object;
    /** How long a request may wait for a pool connection (openTestDatabase). */
    connectTimeoutMs?: number;
    /** The pool's connections (openTestDatabase; PostgreSQL only). */
    poolSize?: number;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase({
    connectTimeoutMs: opts.connectTimeoutMs,
    poolSize: opts.poolSize,
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'airsoft-test-'));
  const storage = opts.storage ?? new LocalStorage(path.join(dir, 'objects'));
  const app = await readyApp(database, storage, opts.config, opts.logger);
  return {
    app,
    database,
    storage,
    dir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of `first`'s app (PostgreSQL only): buildApp() on a pool of its own to the same
 * database, the same objects and the same config; closing it leaves the database to `first`.
 */
export async function createSecondInstance(
  first: TestApp,
  opts: { config?: Partial<AppConfig> } = {},
): Promise<{ app: App; database: Database; close(): Promise<void> }> {
  if (!first.database.url) throw new Error('a second instance needs PostgreSQL (TEST_DATABASE_URL)');
  const database = await openDatabase({ databaseUrl: first.database.url });
  const app = await readyApp(database, first.storage, opts.config);
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The `sid=...` (or `__Host-sid=...`, with COOKIE_SECURE) cookie a response set, ready to send back. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'sid' || x.name === '__Host-sid');
  if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `${c.name}=${c.value}`;
}
