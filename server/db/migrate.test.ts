import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as drizzleMigrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { applyMigrations } from './migrate';
import { rows } from './rows';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string; when: number }[];
};
const temp = mkdtempSync(path.join(tmpdir(), 'migrations-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The migrations folder as it stood after its first `count` entries. */
function firstMigrations(count: number): string {
  const dir = path.join(temp, `first-${count}`);
  cpSync(folder, dir, { recursive: true });
  const cut = { ...journal, entries: journal.entries.slice(0, count) };
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(cut));
  return dir;
}

const tables = async (db: Parameters<typeof rows>[0]) =>
  (
    await rows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    )
  ).map((r) => r.name);

describe('migrations', () => {
  it('apply on a database that drizzle migrated up to 0003, whose journal time is in the future', async () => {
    const database = await openDatabase({ dataDir: null });
    try {
      // As an older release did: drizzle's own migrator, up to 0003.
      const client = (database.db as unknown as { $client: PGlite }).$client;
      await drizzleMigrate(drizzle({ client }), { migrationsFolder: firstMigrations(4) });
      expect(await tables(database.db)).not.toContain('admin_grants');

      const applied = await applyMigrations(database.db, folder);
      expect(applied).toHaveLength(journal.entries.length - 4);
      expect(await tables(database.db)).toEqual(expect.arrayContaining(['admin_grants', 'images']));
      // A second start applies nothing.
      expect(await applyMigrations(database.db, folder)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('apply in the journal order on an empty database, each once', async () => {
    const database = await openDatabase({ dataDir: null });
    try {
      expect(await applyMigrations(database.db, folder)).toHaveLength(journal.entries.length);
      const recorded = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(recorded[0]?.n).toBe(journal.entries.length);
    } finally {
      await database.close();
    }
  });
});
