import { spawn } from 'node:child_process';
import pg from 'pg';

/** The PostgreSQL server the benchmarks create their databases on (BENCH_DATABASE_URL). */
export const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
/** How long each measurement runs (BENCH_SECONDS, 10 s unless told). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_PREPARE_ONLY=1: create and fill the database, then exit before measuring anything. */
export const PREPARE_ONLY = process.env.BENCH_PREPARE_ONLY === '1';

/** The address of database `name` on the bench server. */
export function dbUrl(name: string): string {
  const u = new URL(SERVER);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates database `name` on the bench server unless it exists; answers whether it was created. */
export async function ensureDatabase(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
    return exists.rowCount === 0;
  } finally {
    await admin.end();
  }
}

export interface RunningApp {
  port: number;
  /** Whatever else the server script printed on its JSON line (a session token, a viewer's id). */
  info: Record<string, unknown>;
  /** The server process's id (its memory is read from /proc). */
  pid: number;
  stop(): void;
}

/**
 * Starts a bench server script (bench/*-server.mts) in its own process with `args`, waits for the
 * JSON line it prints once listening ({"port": ...}) and for GET /api/health to answer 200.
 */
export async function startApp(script: string, args: string[]): Promise<RunningApp> {
  const server = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<Record<string, unknown>>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    server.on('exit', (code) => reject(new Error(`bench server ${script} exited with ${code}`)));
  });
  const port = Number(info.port);
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  if (!health.ok) {
    server.kill('SIGTERM');
    throw new Error(`bench server ${script}: /api/health answered ${health.status}`);
  }
  return { port, info, pid: server.pid ?? 0, stop: () => server.kill('SIGTERM') };
}
