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
import { NamingClient } from './naming-client';
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

interface Subscription {
  channel: string;
  onNotify: (payload: string) => void;
  onListening: (listening: boolean) => void;
}

const listenStatement = (channel: string) => `LISTEN "${channel.replaceAll('"', '""')}"`;

/**
 * One dedicated connection per process that LISTENs on every channel its subscribers name (the
 * change bus, the notifications' streams, the fan-out jobs: one connection, not one each),
 * reconnecting after a loss. Opened with the first subscription, closed with the last.
 */
class PgListener {
  private readonly subscriptions = new Set<Subscription>();
  private current: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly connectionString: string) {}

  async listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListening: (listening: boolean) => void,
  ): Promise<() => Promise<void>> {
    const subscription: Subscription = { channel, onNotify, onListening };
    const heardBefore = this.channels().has(channel);
    this.subscriptions.add(subscription);
    if (this.connecting) await this.connecting;
    if (!this.current && !this.retry) await this.connect();
    else if (this.current) {
      try {
        if (!heardBefore) await this.current.query(listenStatement(channel));
        onListening(true);
      } catch {
        // The connection failed: its error or end handler reconnects and tells every subscriber.
      }
    } else onListening(false);
    return async () => {
      if (!this.subscriptions.delete(subscription)) return;
      if (this.subscriptions.size === 0) return this.close();
      if (!this.channels().has(channel))
        await this.current?.query(`UNLISTEN "${channel.replaceAll('"', '""')}"`).catch(() => {});
    };
  }

  private channels(): Set<string> {
    return new Set([...this.subscriptions].map((s) => s.channel));
  }

  private lost(client: pg.Client) {
    if (this.current === client) this.current = null;
    for (const s of this.subscriptions) s.onListening(false);
    client.removeAllListeners();
    client.on('error', () => {});
    client.end().catch(() => {});
    if (this.subscriptions.size > 0 && !this.retry) {
      this.retry = setTimeout(() => {
        this.retry = undefined;
        void this.connect();
      }, RECONNECT_MS);
      this.retry.unref();
    }
  }

  private connect(): Promise<void> {
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('notification', (message) => {
        for (const s of this.subscriptions)
          if (s.channel === message.channel) s.onNotify(message.payload ?? '');
      });
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        for (const channel of this.channels()) await client.query(listenStatement(channel));
        if (this.subscriptions.size === 0) return void (await client.end());
        this.current = client;
        for (const s of this.subscriptions) s.onListening(true);
      } catch {
        this.lost(client);
      }
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async close() {
    clearTimeout(this.retry);
    this.retry = undefined;
    const client = this.current;
    this.current = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
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
  /** PGlite in memory: start from this dump of a data folder (PGlite's dumpDataDir; the tests' migrated copy). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const timeoutMs = opts.connectTimeoutMs ?? DB_CONNECT_TIMEOUT_MS;
    // connectionTimeoutMillis bounds connecting, and waiting for a free connection, at run time too.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      connectionTimeoutMillis: timeoutMs,
      Client: NamingClient,
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
          Client: NamingClient,
        })
      : null;
    readPool?.on('error', () => {});
    const listener = new PgListener(opts.databaseUrl as string);
    return {
      db,
      readDb: readPool ? (drizzlePg({ client: readPool, schema }) as unknown as Db) : db,
      kind: 'postgres',
      migrate: async () => void (await applyMigrations(db, migrationsFolder)),
      close: async () => {
        await pool.end();
        await readPool?.end();
      },
      listen: (channel, onNotify, onListening) => listener.listen(channel, onNotify, onListening),
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
    client = await PGlite.create(dir, {
      extensions: { pg_trgm },
      ...(opts.loadDataDir && !dir ? { loadDataDir: opts.loadDataDir } : {}),
    });
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
