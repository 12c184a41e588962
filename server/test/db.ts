import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';

/** A test database; `url` is its address on PostgreSQL (another instance may open it), null on PGlite. */
export type TestDatabase = Database & { url: string | null };

/** The migrated PGlite data folder that server/test/global-setup.ts dumped, read once per worker. */
let dump: Blob | undefined;
const migratedDump = (): Blob | undefined => {
  const file = process.env.TEST_PGLITE_DUMP;
  if (file && !dump) dump = new Blob([readFileSync(file)]);
  return dump;
};

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory by default, or a
 * brand-new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped on close).
 * Both start as a copy of the database global-setup.ts migrated once, when there is one (the
 * migrations then have nothing left to do); else they are migrated here.
 */
/**
 * `connectTimeoutMs`: how long a request waits for a free pool connection (PostgreSQL; production's
 * DB_CONNECT_TIMEOUT_MS otherwise). The storms of 1,000 writes on one row raise it: on a loaded CI
 * machine their queue outlasts 10 s, and what they test is exactness, not the busy answer.
 * `poolSize`: the pool's connections (PostgreSQL; DB_POOL_SIZE, 20 by default): a test that holds
 * them all sees what a request does when none is left.
 */
export async function openTestDatabase(
  opts: { connectTimeoutMs?: number; poolSize?: number } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null, loadDataDir: migratedDump() });
    await database.migrate();
    return Object.assign(database, { url: null });
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = process.env.TEST_DATABASE_TEMPLATE;
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    connectTimeoutMs: opts.connectTimeoutMs,
    poolSize: opts.poolSize,
  });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
