import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { rows } from './rows';
import type { Db } from './types';

/**
 * Applies every migration of `migrationsFolder` that the database has not recorded, in the
 * journal's order, in one transaction, and records each by the SHA-256 of its SQL in drizzle's own
 * table (`drizzle.__drizzle_migrations`), so databases migrated before keep their history.
 *
 * Drizzle's migrator instead applies only migrations whose journal time is later than the last one
 * recorded: one entry with a time in the future (0003's) made it skip every later migration on a
 * database that already had it. Here a migration is known by its content, not by its time.
 * An advisory lock keeps two processes starting at once from migrating together.
 */
export async function applyMigrations(db: Db, migrationsFolder: string): Promise<string[]> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(726354)`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    const done = new Set(
      (
        await rows<{ hash: string }>(tx as unknown as Db, sql`select hash from drizzle.__drizzle_migrations`)
      ).map((r) => r.hash),
    );
    for (const migration of migrations) {
      if (done.has(migration.hash)) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
      applied.push(migration.hash);
    }
  });
  return applied;
}
