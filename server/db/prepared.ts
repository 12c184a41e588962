import { fillPlaceholders, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client';
import { statementName } from './rows';

/** A Drizzle query built with `sql.placeholder` values, before it is prepared. */
interface Buildable<P> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): P;
}

const built = new WeakMap<object, Map<string, unknown>>();

/**
 * A typed Drizzle query prepared once per database (or transaction) and shape: on PostgreSQL a
 * named prepared statement which each pooled connection parses once and then only binds and
 * executes (decision 007); on PGlite a plain query. The name is a digest of the text, so one name
 * never stands for two texts. `shape` names everything that changes the text (which filters are
 * present, the page size written in, a viewer or none); the values come at `execute` as
 * `sql.placeholder` values, and `build` must not read them. With `named` false the statement is
 * sent unnamed (node-postgres takes an empty name for none), so PostgreSQL plans it with its
 * values every time, and only the building of the query is saved.
 */
export function preparedQuery<P>(db: Db, shape: string, build: () => Buildable<P>, named = true): P {
  const prepare = (q: Buildable<P>) => q.prepare(named ? statementName(q.toSQL().sql) : '');
  // Kept for the pool's life on PostgreSQL only: PGlite has nothing to gain, and a transaction
  // (whose client is no pool) prepares its few statements for itself.
  if (!((db as { $client?: unknown }).$client instanceof pg.Pool)) return prepare(build());
  let queries = built.get(db);
  if (!queries) {
    queries = new Map();
    built.set(db, queries);
  }
  const key = named ? shape : `${shape}:unnamed`;
  let query = queries.get(key) as P | undefined;
  if (!query) {
    query = prepare(build());
    if (queries.size < 1_000) queries.set(key, query);
  }
  return query;
}

/** A statement as the app sends it: its name when prepared, its text and its values (the benchmarks' raw side). */
export interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}

export function statementOf(
  query: Buildable<unknown>,
  values: Record<string, unknown>,
  prepared: boolean,
): Statement {
  const { sql: text, params } = query.toSQL();
  return { name: prepared ? statementName(text) : undefined, text, values: fillPlaceholders(params, values) };
}

/**
 * A page size written into the statement as a literal, not bound (decision 007: with a bound
 * LIMIT PostgreSQL cannot cost a generic plan). Drizzle's `limit` takes a number or a placeholder
 * (both bound) and writes any SQL it is given as it is, hence the one cast here.
 */
export function literalLimit(limit: number, max: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > max) throw new RangeError(`page limit ${limit}`);
  return sql.raw(String(limit)) as unknown as number;
}
