import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { LOCK_FILE } from '../db/data-dir-lock';
import { freePort, silentServer } from '../test/net';

const root = path.resolve(import.meta.dirname, '../..');
const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'airsoft-start-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** server/main.ts in a child process, as `npm start` runs it; `uid` runs it as another user. */
function start(env: Record<string, string>, opts: { uid?: number; gid?: number } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      HOME: tmpdir(),
      SESSION_SECRET: 'start-refusals-secret-start-refusals-secret',
      ...env,
    },
    ...opts,
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return { child, exited, output: () => out };
}

describe('DATABASE_URL that does not answer', () => {
  it('a server that accepts and never answers: opening fails within DB_CONNECT_TIMEOUT_MS, naming the server', async () => {
    const port = await silentServer((close) => cleanups.push(close));
    await expect(
      openDatabase({ databaseUrl: `postgres://app:secret@127.0.0.1:${port}/airsoft`, connectTimeoutMs: 300 }),
    ).rejects.toThrow(
      `Cannot use PostgreSQL at 127.0.0.1:${port}/airsoft: no answer within 300 ms (DB_CONNECT_TIMEOUT_MS). Check DATABASE_URL and that the server is up.`,
    );
  });

  it('a closed port: the same line with the reason, and never the password', async () => {
    const port = await freePort();
    const err = await openDatabase({ databaseUrl: `postgres://app:secret@127.0.0.1:${port}/airsoft` }).catch(
      (e: Error) => e,
    );
    expect((err as Error).message).toMatch(
      `Cannot use PostgreSQL at 127.0.0.1:${port}/airsoft: connect ECONNREFUSED`,
    );
    expect((err as Error).message).not.toContain('secret');
  });

  it('npm start stops with that one line and status 1, after saying what it opens', async () => {
    const port = await silentServer((close) => cleanups.push(close));
    const s = start({
      DATA_DIR: tempDir(),
      DATABASE_URL: `postgres://app@127.0.0.1:${port}/airsoft`,
      DB_CONNECT_TIMEOUT_MS: '500',
    });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain(`"database":"127.0.0.1:${port}/airsoft","msg":"opening the database"`);
    expect(s.output()).toContain(
      `Cannot use PostgreSQL at 127.0.0.1:${port}/airsoft: no answer within 500 ms (DB_CONNECT_TIMEOUT_MS).`,
    );
    expect(s.output()).not.toMatch(/\n\s+at /);
  });
});

describe('the embedded database belongs to one process', () => {
  it('a second opener of the same folder is refused while the first has it, and welcome once it is closed', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `The embedded database in ${dataDir} is already open in this process (pid ${process.pid}). It serves one process only: to run several processes or instances, use PostgreSQL (set DATABASE_URL).`,
    );
    await first.close();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('a lock left by a process that is gone is taken over', async () => {
    const dataDir = tempDir();
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const deadPid = Number(gone.stdout.trim());
    writeFileSync(path.join(dataDir, LOCK_FILE), `${deadPid}\n`);
    const database = await openDatabase({ dataDir });
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    await database.close();
  });

  it('a second npm start on one DATA_DIR stops with a message saying to use PostgreSQL', async () => {
    const dataDir = tempDir();
    const first = start({ DATA_DIR: dataDir });
    await expect.poll(first.output, { timeout: 60_000 }).toMatch(/up on http:\/\/localhost:\d+/);
    const second = start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The embedded database in ${dataDir} is in use by another process (pid ${first.child.pid}). It serves one process only: to run several processes or instances, use PostgreSQL (set DATABASE_URL).`,
    );
    expect(second.output()).not.toMatch(/\n\s+at /);
    // The first one still serves, and leaves no lock behind when it stops.
    const port = Number(first.output().match(/up on http:\/\/localhost:(\d+)/)?.[1]);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 90_000);
});

describe('a DATA_DIR that cannot be written', () => {
  it('a path under a file: one line saying DATA_DIR is not a folder', async () => {
    const file = path.join(tempDir(), 'a-file');
    writeFileSync(file, '');
    const dataDir = path.join(file, 'data');
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `DATA_DIR ${dataDir} is not a folder (ENOTDIR): set DATA_DIR to a writable folder.`,
    );
  });

  // Root writes through any mode bits: as root, main.ts runs as the unprivileged user `nobody`.
  const asRoot = process.getuid?.() === 0;
  it('a read-only folder: npm start stops with one line saying DATA_DIR is not writable', async () => {
    const parent = tempDir();
    chmodSync(parent, 0o755);
    const dataDir = path.join(parent, 'data');
    mkdirSync(dataDir, { mode: 0o555 });
    chmodSync(dataDir, 0o555);
    const s = start({ DATA_DIR: dataDir }, asRoot ? { uid: 65534, gid: 65534 } : {});
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain(
      `DATA_DIR ${dataDir} is not writable (EACCES): the embedded database, uploaded files and the generated secret are kept there. Give this user write access to it, or set DATA_DIR to a writable folder.`,
    );
    expect(s.output()).not.toMatch(/\n\s+at /);
  }, 60_000);
});
