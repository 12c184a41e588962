import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMIT } from './plugins/rate-limit';
import { openTestDatabase, type TestDatabase } from './test/db';
import { createUser } from './test/factories';
import { startImageHost } from './test/image-host';
import { freePort } from './test/net';

/*
 * Issue 22, "CI proves it": two real instances (`node server/main.ts`, one process each, as on two
 * machines) on one PostgreSQL database, one Redis (Debian's redis-server) and one S3-compatible
 * server (s3rver), behind one address (a small proxy written here). A session, a logout, an
 * upload, a rate limit, a cache invalidation and a job each cross from one instance to the other.
 */

const root = path.resolve(import.meta.dirname, '..');
const REDIS_SERVER = '/usr/bin/redis-server';
const skipped = !process.env.TEST_DATABASE_URL
  ? 'needs PostgreSQL: TEST_DATABASE_URL'
  : !existsSync(REDIS_SERVER)
    ? `needs Debian's redis-server at ${REDIS_SERVER} (apt-get install redis-server)`
    : null;
if (skipped && process.env.TEST_DATABASE_URL) console.warn(`server/instances.test.ts skipped: ${skipped}`);

/** s3rver ships no types; only what this test uses. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (opts: Record<string, unknown>) => S3rverInstance;

const BUCKET = 'instances';
const SECRET = 'instances-test-secret-instances-test-secret';
/** How B's read pool (DATABASE_READ_URL) names its connections. */
const READ_POOL = 'airsoft_read_pool';
const HOUSEKEEPING_RAN = 'housekeeping: expired rows removed, YouTube data refreshed, badges awarded';
const HOUSEKEEPING_SKIPPED = 'housekeeping: skipped, another process on the database is running it';

async function waitFor<T>(find: () => T | undefined | null | false, what: string, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface LogLine {
  msg?: string;
  sessions?: number;
}

/** A child process whose output is kept. */
interface Proc {
  child: ChildProcess;
  out: string;
  exited: Promise<void>;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, { cwd: root, env });
  const proc: Proc = {
    child,
    out: '',
    exited: new Promise((resolve) => child.on('exit', () => resolve())),
  };
  child.stdout?.on('data', (d) => {
    proc.out += d;
  });
  child.stderr?.on('data', (d) => {
    proc.out += d;
  });
  return proc;
}

const logLines = (proc: Proc): LogLine[] =>
  proc.out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

/** Stops a process: SIGTERM, and SIGKILL if it is still there after 10 s. */
async function stop(proc: Proc | undefined) {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const killer = setTimeout(() => proc.child.kill('SIGKILL'), 10_000);
  await proc.exited;
  clearTimeout(killer);
}

type Pin = 'a' | 'b';

/**
 * One address for both instances, as a load balancer is: each request goes to the next instance in
 * turn, or to the one the `x-instance` header names (read and removed here), so a test can say
 * which instance answers. The client's address is passed on in X-Forwarded-For (TRUST_PROXY).
 */
function startProxy(ports: Record<Pin, number>): Promise<http.Server> {
  let turn = 0;
  const server = http.createServer((req, res) => {
    const pin = req.headers['x-instance'];
    const headers = { ...req.headers };
    for (const hop of ['x-instance', 'connection', 'keep-alive']) delete headers[hop];
    headers['x-forwarded-for'] ??= req.socket.remoteAddress;
    const port = pin === 'a' || pin === 'b' ? ports[pin] : [ports.a, ports.b][turn++ % 2];
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent: false },
      (answer) => {
        const back = { ...answer.headers };
        for (const hop of ['connection', 'keep-alive']) delete back[hop];
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json(): any;
}

/** Documentation addresses (RFC 5737): each visitor its own, so each test has its own rate limits. */
let nextVisitor = 1;
const visitorAddress = () => `198.51.100.${nextVisitor++}`;

describe.skipIf(skipped)(
  `two instances behind one address: PostgreSQL, Redis and S3 shared${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let database: TestDatabase;
    let redis: Proc | undefined;
    let s3: S3rverInstance | undefined;
    let proxy: http.Server | undefined;
    let proxyPort: number;
    let imageHost: Awaited<ReturnType<typeof startImageHost>> | undefined;
    const instances: Partial<Record<Pin, Proc>> = {};
    const dirs: string[] = [];
    /** Holds rows housekeeping deletes (a transaction of the test's own): the first run stays in progress. */
    let rowLock: pg.Client | null = null;
    const expiredSessions = 3;

    const send = (
      pin: Pin | null,
      method: string,
      url: string,
      opts: { cookie?: string; body?: unknown; from?: string } = {},
    ): Promise<Answer> =>
      new Promise((resolve, reject) => {
        const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
        const headers: http.OutgoingHttpHeaders = {};
        if (pin) headers['x-instance'] = pin;
        if (opts.cookie) headers.cookie = opts.cookie;
        if (opts.from) headers['x-forwarded-for'] = opts.from;
        if (payload) {
          headers['content-type'] = 'application/json';
          headers['content-length'] = payload.length;
        }
        const req = http.request(
          { host: '127.0.0.1', port: proxyPort, method, path: url, headers, agent: false },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (d: Buffer) => chunks.push(d));
            res.on('end', () => {
              const body = Buffer.concat(chunks);
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body,
                json: () => JSON.parse(body.toString()),
              });
            });
          },
        );
        req.on('error', reject);
        req.end(payload);
      });

    /** A new account, registered through `pin`, and its session cookie. */
    const register = async (pin: Pin, from: string) => {
      const name = `p_${Math.random().toString(36).slice(2, 10)}`;
      const password = 'instances-pass-1234';
      const res = await send(pin, 'POST', '/api/register', {
        from,
        body: { username: name, email: `${name}@example.test`, password },
      });
      expect(res.status, res.body.toString()).toBe(201);
      const sid = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='));
      expect(sid).toBeDefined();
      return { username: name, password, cookie: (sid as string).split(';')[0] };
    };

    const me = (pin: Pin, cookie: string) => send(pin, 'GET', '/api/user', { cookie });

    beforeAll(async () => {
      database = await openTestDatabase();

      // A job for housekeeping: expired sessions, locked by the test until the job's test lets go.
      const user = await createUser(database.db);
      await database.db.execute(sql`
        INSERT INTO user_sessions (user_id, token_hash, expires_at)
        SELECT ${user.id}, md5(random()::text) || g, now() - interval '1 day' FROM generate_series(1, ${expiredSessions}) g`);
      rowLock = new pg.Client({ connectionString: database.url as string });
      await rowLock.connect();
      await rowLock.query('BEGIN');
      const locked = await rowLock.query('SELECT id FROM user_sessions WHERE expires_at < now() FOR UPDATE');
      expect(locked.rowCount).toBe(expiredSessions);

      const redisPort = await freePort();
      redis = run(
        REDIS_SERVER,
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { PATH: process.env.PATH },
      );
      const s3dir = mkdtempSync(path.join(tmpdir(), 'airsoft-instances-s3-'));
      dirs.push(s3dir);
      const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
      s3 = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: s3dir,
        configureBuckets: [{ name: BUCKET }],
      });
      const s3Port = (await s3.run()).port;
      await waitFor(() => /Ready to accept connections/.test(redis?.out ?? ''), 'redis-server', 10_000);

      imageHost = await startImageHost();
      const webDist = mkdtempSync(path.join(tmpdir(), 'airsoft-instances-web-'));
      dirs.push(webDist);
      const ports = { a: await freePort(), b: await freePort() };
      const readUrl = new URL(database.url as string);
      readUrl.searchParams.set('application_name', READ_POOL);
      for (const pin of ['a', 'b'] as const) {
        const dataDir = mkdtempSync(path.join(tmpdir(), `airsoft-instances-${pin}-`));
        dirs.push(dataDir);
        instances[pin] = run(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
          PATH: process.env.PATH,
          DATABASE_URL: database.url as string,
          // B reads signed-out lists through a "replica": the same database, a pool of its own.
          DATABASE_READ_URL: pin === 'b' ? readUrl.toString() : undefined,
          SESSION_SECRET: SECRET,
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          S3_BUCKET: BUCKET,
          S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
          WEB_CONCURRENCY: '1',
          PORT: String(ports[pin]),
          HOST: '127.0.0.1',
          TRUST_PROXY: '127.0.0.1',
          DATA_DIR: dataDir,
          WEB_DIST: webDist,
          SEED_DEMO: '0',
          RATE_LIMITS: 'on',
          // The image proxy may fetch from this machine's image host.
          IMPORT_ALLOW_PRIVATE: '1',
          // Every cache kept a minute: only an invalidation from the other instance can empty it.
          PUBLIC_CACHE_MS: '60000',
          EVENTS_CACHE_MS: '60000',
          FEED_CACHE_MS: '60000',
          LOG_LEVEL: 'info',
        });
      }
      for (const pin of ['a', 'b'] as const) {
        const proc = instances[pin] as Proc;
        await waitFor(
          () => {
            if (proc.child.exitCode !== null) throw new Error(`instance ${pin} exited:\n${proc.out}`);
            return proc.out.includes('Airsoft Community is up on');
          },
          `instance ${pin} to be up`,
          80_000,
        ).catch((err) => {
          throw new Error(`${(err as Error).message}; output:\n${proc.out}`);
        });
      }
      proxy = await startProxy(ports);
      proxyPort = (proxy.address() as AddressInfo).port;
    }, 90_000);

    afterAll(async () => {
      await rowLock?.end().catch(() => {});
      await Promise.all([stop(instances.a), stop(instances.b)]);
      await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
      await stop(redis);
      await imageHost?.close();
      await s3?.close();
      await database?.close();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }, 30_000);

    it('answers from both instances in turn through the one address', async () => {
      const before = { a: instances.a?.out.length ?? 0, b: instances.b?.out.length ?? 0 };
      for (let i = 0; i < 4; i++) expect((await send(null, 'GET', '/api/health?turn')).status).toBe(200);
      for (const pin of ['a', 'b'] as const)
        expect(instances[pin]?.out.slice(before[pin])).toContain('/api/health?turn');
    });

    it('runs a job once: housekeeping in progress on one, the other skips it', async () => {
      const a = instances.a as Proc;
      const b = instances.b as Proc;
      const said = (proc: Proc, msg: string) => logLines(proc).filter((l) => l.msg === msg);
      // Both ran housekeeping at start: one holds the job (its delete waits for the test's lock) ...
      const skipper = await waitFor(
        () => [a, b].find((p) => said(p, HOUSEKEEPING_SKIPPED).length > 0),
        'an instance to skip housekeeping',
        20_000,
      );
      const runner = skipper === a ? b : a;
      expect(said(runner, HOUSEKEEPING_SKIPPED)).toEqual([]);
      expect(said(runner, HOUSEKEEPING_RAN)).toEqual([]);
      // ... and finishes it once the rows are free; the other did nothing.
      await rowLock?.query('COMMIT');
      const ran = await waitFor(
        () => said(runner, HOUSEKEEPING_RAN)[0],
        'the housekeeping run to finish',
        20_000,
      );
      expect(ran.sessions).toBe(expiredSessions);
      expect(said(skipper, HOUSEKEEPING_RAN)).toEqual([]);
      const left = await rowLock?.query(
        'SELECT count(*)::int AS n FROM user_sessions WHERE expires_at < now()',
      );
      expect(left?.rows[0]).toEqual({ n: 0 });
    });

    it('a session made on A works on B, and one made on B works on A', async () => {
      const from = visitorAddress();
      const player = await register('a', from);
      const onB = await me('b', player.cookie);
      expect(onB.status).toBe(200);
      expect(onB.json().username).toBe(player.username);

      const login = await send('b', 'POST', '/api/login', {
        from,
        body: { username: player.username, password: player.password },
      });
      expect(login.status).toBe(200);
      const cookie = (login.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='))?.split(';')[0];
      expect((await me('a', cookie as string)).json().username).toBe(player.username);
    });

    it('a logout on B makes the cookie refused on A within a second', async () => {
      const player = await register('a', visitorAddress());
      // A has the session in its cache now (kept 5 s unless emptied).
      expect((await me('a', player.cookie)).status).toBe(200);
      expect((await send('b', 'POST', '/api/logout', { cookie: player.cookie })).status).toBe(204);
      expect((await me('b', player.cookie)).status).toBe(401);
      await expect
        .poll(async () => (await me('a', player.cookie)).status, { timeout: 1_000, interval: 20 })
        .toBe(401);
    });

    it('an upload address signed on A is registered through B and served by both from the bucket', async () => {
      const player = await register('a', visitorAddress());
      const signed = await send('a', 'POST', '/api/objects/upload', { cookie: player.cookie });
      expect(signed.status).toBe(200);
      const uploadURL = signed.json().uploadURL as string;
      expect(new URL(uploadURL).pathname).toMatch(new RegExp(`^/${BUCKET}/raw/`));

      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#556b2f' } })
        .jpeg()
        .toBuffer();
      // The browser's PUT goes straight to the bucket.
      const put = await fetch(uploadURL, {
        method: 'PUT',
        body: new Uint8Array(jpeg),
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(put.status).toBe(200);

      const registered = await send('b', 'PUT', '/api/post-images', {
        cookie: player.cookie,
        body: { imageURL: uploadURL },
      });
      expect(registered.status, registered.body.toString()).toBe(200);
      const { objectPath } = registered.json();
      expect(objectPath).toMatch(/^\/objects\/images\/[0-9a-f-]{36}\.webp$/);
      for (const pin of ['a', 'b'] as const) {
        const image = await send(pin, 'GET', objectPath);
        expect(image.status).toBe(200);
        expect(image.headers['content-type']).toBe('image/webp');
        expect(await sharp(image.body).metadata()).toMatchObject({ width: 64, height: 48 });
      }
    });

    it('an image-proxy address signed on A (SESSION_SECRET) is served by B; a forged one is refused', async () => {
      const player = await register('a', visitorAddress());
      const logo = `${imageHost?.base}/photo.png?instances`;
      const created = await send('a', 'POST', '/api/teams', {
        cookie: player.cookie,
        body: { name: 'Proxied Owls', logo },
      });
      expect(created.status, created.body.toString()).toBe(201);
      const src = created.json().media?.[logo]?.src as string;
      expect(src).toMatch(/^\/api\/image-proxy\?url=.+&sig=/);
      const image = await send('b', 'GET', src);
      expect(image.status, image.body.toString()).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(await sharp(image.body).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 });
      const forged = await send('b', 'GET', src.replace(/sig=[^&]+/, 'sig=AAAA'));
      expect(forged.status).toBe(403);
    });

    it('counts a rate limit across instances: sign-in attempts split between A and B meet one limit', async () => {
      const from = visitorAddress();
      const player = await register('a', visitorAddress());
      const attempt = (pin: Pin) =>
        send(pin, 'POST', '/api/login', {
          from,
          body: { username: player.username, password: 'not-the-password-1' },
        });
      for (let i = 0; i < AUTH_RATE_LIMIT.max; i++)
        expect((await attempt(i % 2 ? 'b' : 'a')).status).toBe(401);
      for (const pin of ['a', 'b'] as const) {
        const refused = await attempt(pin);
        expect(refused.status).toBe(429);
        expect(refused.json().message).toMatch(/^Too many requests, please try again in \d+ seconds$/);
      }
      // Another address is not held back.
      const other = await send('b', 'POST', '/api/login', {
        from: visitorAddress(),
        body: { username: player.username, password: player.password },
      });
      expect(other.status).toBe(200);
    });

    it("reads a signed-out visitor's list on B through DATABASE_READ_URL", async () => {
      const readers = async () =>
        (
          await rowLock?.query(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
            [READ_POOL],
          )
        )?.rows[0].n;
      expect(await readers()).toBe(0);
      expect((await send('b', 'GET', '/api/news')).status).toBe(200);
      expect(await readers()).toBe(1);
    });

    it('a team created on A is in the list B answers at once, though B keeps that list a minute', async () => {
      const player = await register('a', visitorAddress());
      const list = async () => {
        const res = await send('b', 'GET', '/api/teams');
        expect(res.status).toBe(200);
        return (res.json() as Array<{ name: string }>).map((t) => t.name);
      };
      expect(await list()).not.toContain('Crossing Owls');
      const created = await send('a', 'POST', '/api/teams', {
        cookie: player.cookie,
        body: { name: 'Crossing Owls' },
      });
      expect(created.status, created.body.toString()).toBe(201);
      await expect.poll(list, { timeout: 1_000, interval: 20 }).toContain('Crossing Owls');
    });
  },
);
