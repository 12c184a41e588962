import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { App } from '../context';
import type { Database } from '../db/client';
import { LocalStorage } from '../storage/local';
import { openTestDatabase } from '../test/db';
import { freePort, silentServer } from '../test/net';

const REDIS_SERVER = '/usr/bin/redis-server';
const hasRedis = existsSync(REDIS_SERVER);

let database: Database;
let dir: string;
const apps: App[] = [];
const closers: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'airsoft-redis-'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const close of closers) await close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The app with limits on and REDIS_URL set; `lines` collects what it logs at warn and above. */
async function appWithRedis(redisUrl: string) {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const app = await buildApp({
    database,
    storage: new LocalStorage(path.join(dir, 'objects')),
    logger,
    config: {
      rateLimits: true,
      adminUsernames: [],
      sessionSecret: 'test-secret-test-secret-test-secret-123',
      webDist: null,
      redisUrl,
    },
  });
  await app.ready();
  apps.push(app);
  return { app, logged: () => lines.join('') };
}

const login = (app: App, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'nobody', password: 'wrong-password' },
    remoteAddress,
  });

/** 11 sign-in attempts from one address, one after the other: their status codes. */
async function elevenAttempts(app: App, remoteAddress: string) {
  const codes: number[] = [];
  for (let i = 0; i < 11; i++) codes.push((await login(app, remoteAddress)).statusCode);
  return codes;
}
const TEN_THEN_LIMITED = [...Array(10).fill(401), 429];

/** Debian's redis-server on a free port, without persistence; stopped after the file. */
async function startRedis() {
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  closers.push(async () => {
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await exited;
  });
  await expect.poll(() => out, { timeout: 10_000 }).toContain('Ready to accept connections');
  return { url: `redis://127.0.0.1:${port}`, child };
}

describe('REDIS_URL that does not answer: the limits count in this process', () => {
  it('a closed port: sign-in answers at once, the 11th attempt 429, with a warning naming Redis', async () => {
    const port = await freePort();
    const { app, logged } = await appWithRedis(`redis://127.0.0.1:${port}`);
    expect(await elevenAttempts(app, '10.1.0.1')).toEqual(TEN_THEN_LIMITED);
    await expect
      .poll(logged)
      .toMatch(`Redis at 127.0.0.1:${port} does not answer (connect ECONNREFUSED 127.0.0.1:${port})`);
    expect(logged()).toContain('rate limits count in this process until it does');
  });

  it('a server that accepts connections and never answers: the same, no login waits for it', async () => {
    const port = await silentServer((close) => closers.push(close));
    const { app, logged } = await appWithRedis(`redis://127.0.0.1:${port}`);
    expect(await elevenAttempts(app, '10.1.0.2')).toEqual(TEN_THEN_LIMITED);
    await expect.poll(logged, { timeout: 5_000 }).toMatch(`Redis at 127.0.0.1:${port} does not answer`);
  });
});

describe.skipIf(!hasRedis)('REDIS_URL with a Redis that answers (Debian redis-server)', () => {
  it('shares the count between instances; a Redis that stops answering falls back, and is used again once back', async () => {
    const redis = await startRedis();
    const a = await appWithRedis(redis.url);
    const b = await appWithRedis(redis.url);
    // Shared: five attempts on each instance, the eleventh refused on either.
    for (let i = 0; i < 5; i++) expect((await login(a.app, '10.2.0.1')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(b.app, '10.2.0.1')).statusCode).toBe(401);
    expect((await login(a.app, '10.2.0.1')).statusCode).toBe(429);

    // Stopped (SIGSTOP): the connection stays open and nothing answers; commands time out.
    redis.child.kill('SIGSTOP');
    expect(await elevenAttempts(a.app, '10.2.0.2')).toEqual(TEN_THEN_LIMITED);
    expect(a.logged()).toMatch(/Redis at 127\.0\.0\.1:\d+ does not answer \(Command timed out\)/);

    redis.child.kill('SIGCONT');
    await expect.poll(a.logged, { timeout: 10_000 }).toContain('answers again: rate limits are shared again');
    for (let i = 0; i < 10; i++) expect((await login(b.app, '10.2.0.3')).statusCode).toBe(401);
    expect((await login(a.app, '10.2.0.3')).statusCode).toBe(429);
  });
});

if (!hasRedis) console.warn(`${REDIS_SERVER} is missing: the tests with a Redis that answers are skipped`);
