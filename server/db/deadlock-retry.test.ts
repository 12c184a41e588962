import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db';
import type { Database } from './client';
import { rows } from './rows';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('a statement outside a transaction picked as a deadlock victim', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs again once the other transaction is through (PostgreSQL)',
    async () => {
      const db = database.db;
      await db.execute(sql`CREATE TABLE probe_rows (id int PRIMARY KEY, v int NOT NULL)`);
      await db.execute(sql`INSERT INTO probe_rows VALUES (1, 0), (2, 0)`);
      // One statement that locks row 2, then row 1: the order opposite to the transaction below.
      // PostgreSQL looks for a deadlock once per wait, deadlock_timeout after the wait began, in
      // the waiting backend. The statement looks after 4 s and the transaction after 20 s, so the
      // statement finds the cycle (and is the victim) however long a loaded machine takes to close
      // it; with both at 1 s, a poll slower than 1 s made the transaction the victim (CI, 2026-11-27).
      await db.execute(
        sql.raw(`CREATE FUNCTION probe_two_then_one() RETURNS void LANGUAGE sql
          SET deadlock_timeout = '4s' AS $$
          UPDATE probe_rows SET v = v + 1 WHERE id = 2;
          UPDATE probe_rows SET v = v + 1 WHERE id = 1;
        $$`),
      );
      let statement: Promise<unknown> | undefined;
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL deadlock_timeout = '20s'`);
        await tx.execute(sql`UPDATE probe_rows SET v = v + 1 WHERE id = 1`);
        // (A drizzle query runs at each then: one then, kept.)
        statement = db.execute(sql`SELECT probe_two_then_one()`).then((r) => r);
        statement.catch(() => {});
        // Once the statement waits for row 1 (holding row 2), this transaction asks for row 2: a
        // deadlock, found by the statement's backend, which has waited longest.
        await expect
          .poll(
            async () =>
              (
                await rows<{ n: number }>(
                  db,
                  sql`SELECT count(*)::int AS n FROM pg_stat_activity
                      WHERE wait_event_type = 'Lock' AND query LIKE '%probe_two_then_one()%' AND pid <> pg_backend_pid()`,
                )
              )[0].n,
            { timeout: 10_000 },
          )
          .toBe(1);
        await tx.execute(sql`UPDATE probe_rows SET v = v + 1 WHERE id = 2`);
      });
      await expect(statement).resolves.toBeDefined();
      expect(await rows(db, sql`SELECT id, v FROM probe_rows ORDER BY id`)).toEqual([
        { id: 1, v: 2 },
        { id: 2, v: 2 },
      ]);
    },
  );
});
