import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { pageViews } from './db/schema';

const root = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'airsoft-main-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out, dataDir };
}

async function waitFor(cond: () => boolean, ms = 30_000) {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('server/main.ts', () => {
  it('stops at once with a readable list when the environment is bad', async () => {
    const s = start({ PORT: 'abc', DATABASE_URL: 'mysql://nope' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('Invalid environment:');
    expect(s.output()).toContain('PORT');
    expect(s.output()).toContain('DATABASE_URL: must start with postgres://');
  });

  it('refuses to start on PostgreSQL without SESSION_SECRET, saying it must be the same everywhere', async () => {
    // Nothing listens on port 1: the refusal comes before any connection.
    const s = start({ DATABASE_URL: 'postgres://root@127.0.0.1:1/none' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('SESSION_SECRET: must be set when DATABASE_URL is set');
    expect(s.output()).toContain('the same on every instance');
  });

  it('starts on the embedded database, serves, and shuts down gracefully on SIGTERM', async () => {
    // Page views wait a minute in the process: the shutdown writes them.
    const s = start({ WEB_CONCURRENCY: '2', ANALYTICS_FLUSH_MS: '60000' });
    let child: ChildProcess | null = s.child;
    try {
      await waitFor(() => /up on http:\/\/localhost:\d+/.test(s.output()));
      // One process on the embedded database, whatever WEB_CONCURRENCY says, and the log says so.
      expect(s.output()).toContain('embedded database (PGlite): one process');
      expect(s.output()).not.toContain('worker listening');
      const port = Number(s.output().match(/up on http:\/\/localhost:(\d+)/)![1]);
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await res.json()).toEqual({ ok: true });
      const reg = await fetch(`http://127.0.0.1:${port}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'logcheck', email: 'l@example.test', password: 'secret-pass-77' }),
      });
      expect(reg.status).toBe(201);
      const beacon = await fetch(`http://127.0.0.1:${port}/api/analytics/page-view`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/before-sigterm' }),
      });
      expect(beacon.status).toBe(204);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      child = null;
      const database = await openDatabase({ dataDir: s.dataDir });
      try {
        expect(
          (await database.db.select({ path: pageViews.path }).from(pageViews)).map((v) => v.path),
        ).toEqual(['/before-sigterm']);
      } finally {
        await database.close();
      }
      expect(s.output()).toContain('shutting down');
      // Structured logs carry request ids and never a password or a session token.
      expect(s.output()).toMatch(/"reqId":"[0-9a-f-]{36}"/);
      expect(s.output()).not.toContain('secret-pass-77');
      expect(s.output()).not.toMatch(/sid=/);
    } finally {
      child?.kill('SIGKILL');
    }
  }, 60_000);
});
