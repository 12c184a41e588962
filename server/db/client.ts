import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { StartError, transientConflict } from '../errors';
import { lockDataDir, makeDataFolder } from './data-dir-lock';
import { applyMigrations } from './migrate';
import * as schema from './schema';
import type { Db, Schema } from './types';

export type { Db, Schema };

export interface Database {
  db: Db;
  /**
   * For reads that tolerate lag: a pool on the read replica (DATABASE_READ_URL), or `db` itself
   * when none is set (and on PGlite).
   */
  readDb: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTENs on `channel`: `onNotify` runs for every NOTIFY from any connection or process,
   * `onListening(true)` once listening and `onListening(false)` whenever notifications may have
   * been missed (the listening connection was lost; it reconnects). Answers a stop function.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListening: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /**
   * Runs `job` unless the job called `name` is running already, in this process or in any other on
   * the same database (PostgreSQL: a session-level advisory lock held on a connection of its own
   * for the job's length, released by the server if this process dies). Answers the job's result,
   * or null when it was skipped.
   */
  exclusive<T>(name: string, job: () => Promise<T>): Promise<T | null>;
}

/** The advisory lock class of exclusive jobs (two-key locks; keyspace apart from the one-key locks). */
const JOB_LOCK_CLASS = 725_001;

const RECONNECT_MS = 1_000;

/** A dedicated connection that LISTENs on a channel, reconnecting after a loss. */
async function listenPg(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onListening: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = (client: pg.Client) => {
    if (current === client) current = null;
    onListening(false);
    client.removeAllListeners();
    client.on('error', () => {});
    client.end().catch(() => {});
    if (!stopped && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, RECONNECT_MS);
      retry.unref();
    }
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      if (stopped) return void (await client.end());
      current = client;
      onListening(true);
    } catch {
      lost(client);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  };
}

/**
 * A statement outside a transaction that PostgreSQL picked as a deadlock's victim (or failed to
 * serialize) was rolled back whole, so it runs again, up to three times: an insert racing the
 * deletion of its author's account then meets the missing row (401) instead of answering 500
 * (decision 024). Transactions (pool.connect) are not retried here; each is ordered or retried
 * where it needs it.
 */
function retryTransientStatements(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = (async (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args);
    for (let attempt = 1; ; attempt++) {
      try {
        return await query(...args);
      } catch (err) {
        if (attempt >= 3 || !transientConflict(err)) throw err;
      }
    }
  }) as typeof pool.query;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long connecting to PostgreSQL (and its first answer) may take by default (DB_CONNECT_TIMEOUT_MS). */
export const DB_CONNECT_TIMEOUT_MS = 10_000;

/** host:port/database of a PostgreSQL URL, without its credentials. */
export function databaseHost(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Asks PostgreSQL for one answer within `timeoutMs` (the pool's connection timeout covers the
 * connection, `query_timeout` the answer), else fails with one line naming the server.
 */
async function firstAnswer(pool: pg.Pool, databaseUrl: string, timeoutMs: number): Promise<void> {
  try {
    await pool.query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig);
  } catch (err) {
    const message = (err as Error).message;
    const reason = /timeout|timed out/i.test(message)
      ? `no answer within ${timeoutMs} ms (DB_CONNECT_TIMEOUT_MS)`
      : message;
    await pool.end().catch(() => {});
    throw new StartError(
      `Cannot use PostgreSQL at ${databaseHost(databaseUrl)}: ${reason}. Check DATABASE_URL and that the server is up.`,
    );
  }
}

/**
 * PGlite in `dataDir` (or in memory when dataDir is null) when no URL is given; else a pg pool,
 * which answers once PostgreSQL has answered within `connectTimeoutMs` (a StartError otherwise).
 * PGlite in a folder takes its lock first: a folder in use by another process is refused.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string | null;
  /** Connections in the pool (PostgreSQL; default 20), and in the read replica's pool. */
  poolSize?: number;
  connectTimeoutMs?: number;
  /** A read replica of `databaseUrl`'s database (DATABASE_READ_URL): `readDb` reads from it. */
  readUrl?: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const timeoutMs = opts.connectTimeoutMs ?? DB_CONNECT_TIMEOUT_MS;
    // connectionTimeoutMillis bounds connecting, and waiting for a free connection, at run time too.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      connectionTimeoutMillis: timeoutMs,
    });
    // A pool error on an idle client must not crash the server.
    pool.on('error', () => {});
    await firstAnswer(pool, opts.databaseUrl, timeoutMs);
    retryTransientStatements(pool);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    // The replica's pool connects on its first read (a primary that only runs jobs never opens it).
    const readPool = opts.readUrl
      ? new pg.Pool({
          connectionString: opts.readUrl,
          max: opts.poolSize ?? 20,
          connectionTimeoutMillis: timeoutMs,
        })
      : null;
    readPool?.on('error', () => {});
    return {
      db,
      readDb: readPool ? (drizzlePg({ client: readPool, schema }) as unknown as Db) : db,
      kind: 'postgres',
      migrate: async () => void (await applyMigrations(db, migrationsFolder)),
      close: async () => {
        await pool.end();
        await readPool?.end();
      },
      listen: (channel, onNotify, onListening) =>
        listenPg(opts.databaseUrl as string, channel, onNotify, onListening),
      async exclusive(name, job) {
        const client = await pool.connect();
        let held = false;
        try {
          const got = await client.query<{ got: boolean }>(
            'SELECT pg_try_advisory_lock($1, hashtext($2)) AS got',
            [JOB_LOCK_CLASS, name],
          );
          held = got.rows[0]?.got === true;
          return held ? await job() : null;
        } finally {
          // A connection that cannot unlock is dropped, and the server releases the lock with it.
          const unlocked = held
            ? await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [JOB_LOCK_CLASS, name]).then(
                () => true,
                () => false,
              )
            : true;
          client.release(!unlocked);
        }
      },
    };
  }
  let dir: string | undefined;
  let unlock = () => {};
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    makeDataFolder(opts.dataDir, dir);
    unlock = lockDataDir(opts.dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { extensions: { pg_trgm } });
  } catch (err) {
    unlock();
    throw err;
  }
  const running = new Set<string>();
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    readDb: db,
    kind: 'pglite',
    migrate: async () => void (await applyMigrations(db, migrationsFolder)),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        unlock();
      }
    },
    // One in-process connection: its own NOTIFYs come back to it after each statement.
    async listen(channel, onNotify, onListening) {
      const stop = await client.listen(channel, (payload) => onNotify(payload));
      onListening(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    // PGlite belongs to one process: a job is exclusive among this process's callers.
    async exclusive(name, job) {
      if (running.has(name)) return null;
      running.add(name);
      try {
        return await job();
      } finally {
        running.delete(name);
      }
    },
  };
}
