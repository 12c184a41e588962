import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './types';

/** Runs raw SQL and answers its rows, the same on PGlite and node-postgres. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();
const names = new Map<string, string>();

/** A statement's name is a digest of its text, so one name never stands for two texts. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size < 1_000) names.set(text, name);
  }
  return name;
}

/**
 * Like `rows`, for the hottest reads: on PostgreSQL the query runs as a named prepared statement,
 * which each pooled connection parses once and then only binds and executes (no parse and plan
 * per request). PGlite runs it as `rows` does. See docs/decisions/007-prepared-feed-statements.md.
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return rows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query({ name: statementName(text), text, values: params as unknown[] });
  return result.rows as T[];
}

export const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
