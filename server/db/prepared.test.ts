import { desc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db';
import { createUser } from '../test/factories';
import type { Database, Db } from './client';
import { literalLimit, preparedQuery, statementOf } from './prepared';
import { rows } from './rows';
import { users } from './schema';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A user by name, the newest first, its page size written in: the shape of a module's hot read. */
const byName = (db: Db, limit: number) =>
  db
    .select({ id: users.id, username: users.username, joinedAt: users.joinedAt })
    .from(users)
    .where(eq(users.username, sql.placeholder('name')))
    .orderBy(desc(users.joinedAt))
    .limit(literalLimit(limit, 100));

describe('preparedQuery', () => {
  it('answers the rows the query answers, typed from the schema, for each value it is given', async () => {
    const a = await createUser(database.db, { username: 'prep_a' });
    const b = await createUser(database.db, { username: 'prep_b' });
    const query = () => preparedQuery(database.db, 'test.byName:5', () => byName(database.db, 5));
    const [first] = await query().execute({ name: 'prep_a' });
    expect(first.id).toBe(a.id);
    expect(first.joinedAt).toBeInstanceOf(Date);
    expect((await query().execute({ name: 'prep_b' })).map((r) => r.id)).toEqual([b.id]);
    expect(await query().execute({ name: 'nobody' })).toEqual([]);
  });

  it('writes the page size in as a literal and refuses one out of range', () => {
    const { text, values } = statementOf(byName(database.db, 7), { name: 'x' }, true);
    expect(text).toMatch(/limit 7$/);
    expect(values).toEqual(['x']);
    for (const bad of [0, 101, 1.5]) expect(() => literalLimit(bad, 100)).toThrow(RangeError);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs a named prepared statement served with a generic plan, and an unnamed one planned each time',
    async () => {
      await createUser(database.db, { username: 'prep_plan' });
      // One connection, so that every run and the look at pg_prepared_statements share a session.
      const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      try {
        const db = drizzle({ client: pool }) as unknown as Db;
        for (let i = 0; i < 8; i++) {
          await preparedQuery(db, 'test.byName:3', () => byName(db, 3)).execute({ name: 'prep_plan' });
          await preparedQuery(db, 'test.byName:4', () => byName(db, 4), false).execute({ name: 'prep_plan' });
        }
        const named = statementOf(byName(db, 3), { name: 'prep_plan' }, true).name;
        const statements = await rows<{ name: string; statement: string; generic_plans: string }>(
          db,
          sql`SELECT name, statement, generic_plans FROM pg_prepared_statements`,
        );
        const found = statements.find((s) => s.name === named);
        expect(Number(found?.generic_plans)).toBeGreaterThan(0);
        expect(statements.filter((s) => s.statement.endsWith('limit 4'))).toEqual([]);
      } finally {
        await pool.end();
      }
    },
  );
});
