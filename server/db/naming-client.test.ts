import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db';
import type { Database } from './client';
import { NAME_AFTER, NAMED_PER_CONNECTION, NamingClient } from './naming-client';
import { statementName } from './rows';

describe.skipIf(!process.env.TEST_DATABASE_URL)('NamingClient (the pool connections on PostgreSQL)', () => {
  let database: Database;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await openTestDatabase();
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
    // One connection, so that every statement and the look at pg_prepared_statements share a session.
    pool = new pg.Pool({ connectionString: url, max: 1, Client: NamingClient });
  });
  afterAll(async () => {
    await pool.end();
    await database.close();
  });

  const prepared = async () =>
    (
      await pool.query<{ name: string; statement: string }>(
        'SELECT name, statement FROM pg_prepared_statements',
      )
    ).rows;

  it('names a statement with parameters once its text was sent NAME_AFTER times, and answers as before', async () => {
    const text = `SELECT $1::int + 1 AS n /* naming ${Date.now()} */`;
    for (let i = 1; i < NAME_AFTER; i++) {
      expect((await pool.query({ text, values: [i] })).rows).toEqual([{ n: i + 1 }]);
      expect((await prepared()).map((s) => s.statement)).not.toContain(text);
    }
    for (let i = 0; i < 3; i++) expect((await pool.query({ text, values: [41] })).rows).toEqual([{ n: 42 }]);
    // The second form of query(text, values) is named the same way.
    expect((await pool.query(text, [9])).rows).toEqual([{ n: 10 }]);
    const found = (await prepared()).filter((s) => s.statement === text);
    expect(found.map((s) => s.name)).toEqual([statementName(text)]);
  });

  it('leaves alone a statement without parameters, one named by its caller and one named "" on purpose', async () => {
    const plain = `SELECT 1 AS one /* plain ${Date.now()} */`;
    const unnamed = `SELECT $1::int AS v /* unnamed ${Date.now()} */`;
    const own = `SELECT $1::int AS v /* own ${Date.now()} */`;
    for (let i = 0; i < NAME_AFTER + 2; i++) {
      await pool.query(plain);
      await pool.query({ text: unnamed, values: [i], name: '' });
      await pool.query({ text: own, values: [i], name: 'own_statement_test' });
    }
    const statements = await prepared();
    expect(statements.map((s) => s.statement)).not.toContain(plain);
    expect(statements.map((s) => s.statement)).not.toContain(unnamed);
    expect(statements.find((s) => s.statement === own)?.name).toBe('own_statement_test');
  });

  it('runs several commands in one text (a migration script) as a simple query', async () => {
    const script = 'CREATE TEMP TABLE naming_t (v int); INSERT INTO naming_t VALUES (1); DROP TABLE naming_t';
    for (let i = 0; i < NAME_AFTER + 1; i++) await pool.query(script);
  });

  it(`names at most ${NAMED_PER_CONNECTION} statements on one connection; past that, statements go unnamed and still answer`, async () => {
    const stamp = Date.now();
    for (let k = 0; k < NAMED_PER_CONNECTION + 10; k++) {
      const text = `SELECT $1::int * ${k} AS v /* cap ${stamp} */`;
      for (let i = 0; i < NAME_AFTER; i++) expect((await pool.query(text, [2])).rows).toEqual([{ v: 2 * k }]);
    }
    // Every name this connection was given (the caller's own name above is not one of them).
    expect((await prepared()).filter((s) => s.name.startsWith('q_')).length).toBe(NAMED_PER_CONNECTION);
  });

  it('a failing named statement fails as it would unnamed, and the connection goes on', async () => {
    const text = `SELECT 1 / $1::int AS v /* fail ${Date.now()} */`;
    const fresh = new pg.Pool({
      connectionString: pool.options.connectionString,
      max: 1,
      Client: NamingClient,
    });
    try {
      for (let i = 0; i < NAME_AFTER; i++) await fresh.query(text, [1]);
      expect((await fresh.query('SELECT name FROM pg_prepared_statements')).rows).toEqual([
        { name: statementName(text) },
      ]);
      await expect(fresh.query(text, [0])).rejects.toThrow(/division by zero/);
      expect((await fresh.query(text, [2])).rows).toEqual([{ v: 0 }]);
    } finally {
      await fresh.end();
    }
  });
});
