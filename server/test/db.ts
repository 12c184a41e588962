import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';

/** A test database; `url` is its address on PostgreSQL (another instance may open it), null on PGlite. */
export type TestDatabase = Database & { url: string | null };

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory by default, or a
 * brand-new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped on close).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null });
    await database.migrate();
    return Object.assign(database, { url: null });
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
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
