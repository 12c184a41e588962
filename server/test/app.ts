import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import type { App, AppConfig } from '../context';
import type { Database } from '../db/client';
import { LocalStorage } from '../storage/local';
import type { ObjectStorage } from '../storage/types';
import { openTestDatabase } from './db';

export interface TestApp {
  app: App;
  database: Database;
  storage: ObjectStorage;
  dir: string;
  close(): Promise<void>;
}

/** buildApp() on a fresh database and a temporary object folder; limits off unless asked. */
export async function createTestApp(
  opts: { config?: Partial<AppConfig>; storage?: ObjectStorage } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'airsoft-test-'));
  const storage = opts.storage ?? new LocalStorage(path.join(dir, 'objects'));
  const app = await buildApp({
    database,
    storage,
    config: {
      rateLimits: false,
      adminUsernames: ['admin'],
      sessionSecret: 'test-secret-test-secret-test-secret-123',
      webDist: null,
      ...opts.config,
    },
  });
  await app.ready();
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

/** The `sid=...` cookie a response set, ready to send back. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'sid');
  if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `sid=${c.value}`;
}
