import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffMs, workerCount } from './cluster';
import { openTestDatabase, type TestDatabase } from './test/db';
import { freePort } from './test/net';

const root = path.resolve(import.meta.dirname, '..');

describe('workerCount and backoffMs', () => {
  it('runs one process on the embedded database, WEB_CONCURRENCY or one per core on PostgreSQL', () => {
    expect(workerCount({ WEB_CONCURRENCY: 4 })).toBe(1);
    expect(workerCount({ DATABASE_URL: 'postgres://x/y', WEB_CONCURRENCY: 3 })).toBe(3);
    expect(workerCount({ DATABASE_URL: 'postgres://x/y' })).toBeGreaterThanOrEqual(1);
  });

  it('replaces at once after a worker that lived, then backs off doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4].map(backoffMs)).toEqual([0, 250, 500, 1_000, 2_000]);
    expect(backoffMs(20)).toBe(30_000);
  });
});

interface LogLine {
  pid: number;
  msg?: string;
  workerPid?: number;
  req?: { url: string };
  signal?: string;
}

/** A request on a connection of its own (the primary hands connections to the workers in turn). */
function get(port: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm start on PostgreSQL: a primary and its workers', () => {
  let database: TestDatabase;
  let child: ChildProcess | null = null;
  let exited: Promise<number | null>;
  let port: number;
  const dirs: string[] = [];
  let out = '';
  const lines = (): LogLine[] =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
  const waitFor = async <T>(find: () => T | undefined | false, what: string, ms = 60_000): Promise<T> => {
    const until = Date.now() + ms;
    for (;;) {
      const found = find();
      if (found) return found;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; output:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const workerPids = () =>
    lines()
      .filter((l) => l.msg === 'worker listening')
      .map((l) => l.workerPid as number);
  /** The pids that logged serving `url`. */
  const servedBy = (url: string) =>
    new Set(
      lines()
        .filter((l) => l.req?.url === url)
        .map((l) => l.pid),
    );

  beforeAll(async () => {
    database = await openTestDatabase();
    port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'airsoft-cluster-'));
    const webDist = mkdtempSync(path.join(tmpdir(), 'airsoft-cluster-web-'));
    dirs.push(dataDir, webDist);
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.url as string,
        SESSION_SECRET: 'cluster-test-secret-cluster-test-secret',
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        SEED_DEMO: '0',
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'info',
      },
    });
    child = proc;
    proc.stdout?.on('data', (d) => {
      out += d;
    });
    proc.stderr?.on('data', (d) => {
      out += d;
    });
    exited = new Promise((resolve) => proc.on('exit', (code) => resolve(code)));
    await waitFor(
      () => /up on http:\/\/localhost:\d+ \(2 workers\)/.test(out),
      'the primary to be up',
      90_000,
    );
  }, 120_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    for (const pid of workerPids())
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    await database?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('serves from two worker processes', async () => {
    const workers = workerPids();
    expect(new Set(workers).size).toBe(2);
    expect(workers).not.toContain(child?.pid);
    for (let i = 0; i < 6; i++) expect(await get(port, '/api/health?round=1')).toBe(200);
    expect(servedBy('/api/health?round=1')).toEqual(new Set(workers));
  });

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const [victim, survivor] = workerPids();
    process.kill(victim, 'SIGKILL');
    await waitFor(() => lines().some((l) => l.msg === 'worker exited; starting another'), 'the exit');
    for (let i = 0; i < 4; i++) expect(await get(port, '/api/health?round=2')).toBe(200);
    const replacement = await waitFor(
      () => workerPids().find((pid) => pid !== victim && pid !== survivor),
      'a new worker',
    );
    for (let i = 0; i < 6; i++) expect(await get(port, '/api/health?round=3')).toBe(200);
    expect(servedBy('/api/health?round=3')).toEqual(new Set([survivor, replacement]));
  }, 90_000);

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const body = JSON.stringify({
      username: 'late_one',
      email: 'late@example.test',
      password: 'secret-pass-77',
    });
    const half = Math.floor(body.length / 2);
    // A registration whose body is still arriving when the signal comes.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/register',
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => {
            text += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half));
      waitFor(() => lines().find((l) => l.req?.url === '/api/register'), 'the request to arrive')
        .then(async (arrived) => {
          child?.kill('SIGTERM');
          await waitFor(
            () => lines().some((l) => l.pid === arrived.pid && l.msg === 'shutting down: finishing requests'),
            'its worker to start closing',
          );
          req.end(body.slice(half));
        })
        .catch(reject);
    });
    const res = await answer;
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body).username).toBe('late_one');
    expect(await exited).toBe(0);
    child = null;
  }, 60_000);
});
