import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedSql, listPosts } from '../modules/posts/service';
import { openTestDatabase } from '../test/db';
import { createUser } from '../test/factories';
import type { Database, Db } from './client';
import { preparedRows, rows, statementName } from './rows';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('statementName', () => {
  it('names one text always alike and two texts apart, within the 63-byte identifier limit', () => {
    const a = statementName('SELECT 1');
    expect(statementName('SELECT 1')).toBe(a);
    expect(statementName('SELECT 2')).not.toBe(a);
    expect(a).toMatch(/^q_[0-9a-f]{20}$/);
  });
});

describe('preparedRows', () => {
  it('answers the same rows as rows, with bound parameters, on either driver', async () => {
    const query = sql`SELECT ${'x'}::text AS a, ${2}::int AS b`;
    expect(await preparedRows(database.db, query)).toEqual(await rows(database.db, query));
    expect(await preparedRows(database.db, sql`SELECT ${'y'}::text AS a`)).toEqual([{ a: 'y' }]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs the feed as a prepared statement that PostgreSQL serves with a generic plan',
    async () => {
      const user = await createUser(database.db, { username: 'planner' });
      // One connection, so that every run and the look at pg_prepared_statements share a session.
      const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      try {
        const db = drizzle({ client: pool }) as unknown as Db;
        for (let i = 0; i < 8; i++) await listPosts(db, { viewerId: user.id, limit: 20 });
        const name = statementName(new PgDialect().sqlToQuery(feedSql({ viewerId: user.id, limit: 20 })).sql);
        const [stats] = await rows<{ generic_plans: string; custom_plans: string }>(
          db,
          sql`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = ${name}`,
        );
        expect(Number(stats.generic_plans)).toBeGreaterThan(0);
        expect(Number(stats.custom_plans)).toBeLessThanOrEqual(5);
      } finally {
        await pool.end();
      }
    },
  );
});
