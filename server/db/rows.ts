import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Runs raw SQL and answers its rows, the same on PGlite and node-postgres. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
