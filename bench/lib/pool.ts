import autocannon from 'autocannon';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Statement } from '../../server/db/prepared';
import { statementName } from '../../server/db/rows';
import { type Figures, figuresOf } from './stats';

/** How many requests (or queries) are in flight at once, unless a benchmark says otherwise. */
export const CONNECTIONS = 32;

export interface Load {
  connections?: number;
  seconds: number;
  headers?: Record<string, string>;
}

const fire = (port: number, path: string, load: Load) =>
  autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: load.connections ?? CONNECTIONS,
    duration: load.seconds,
    headers: load.headers ?? {},
  });

/** A short run (1 s) before measuring, so that every pooled connection has prepared its statement. */
export const warm = async (port: number, path: string, load: Omit<Load, 'seconds'> = {}) => {
  await fire(port, path, { ...load, seconds: 1 });
};

/** A page of the app under load (autocannon); any non-2xx answer or error fails the benchmark. */
export async function measureApp(port: number, path: string, load: Load): Promise<Figures> {
  const result = await fire(port, path, load);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path} answered ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * A Drizzle `sql` statement as the app sends it: as a named prepared statement (preparedRows,
 * decision 007), or unnamed.
 */
export function statementOfSql(query: SQL, prepared = true): Statement {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return { name: prepared ? statementName(text) : undefined, text, values: params };
}

/**
 * The very statement the endpoint runs, through a plain pg pool at the same concurrency, for
 * `seconds`: what the app's figures are compared with.
 */
export async function measureRaw(
  databaseUrl: string,
  statement: Statement | SQL,
  load: Omit<Load, 'headers'>,
): Promise<Figures> {
  const connections = load.connections ?? CONNECTIONS;
  const { name, text, values } = 'text' in statement ? statement : statementOfSql(statement);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const latencies: number[] = [];
  const until = Date.now() + load.seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < until) {
          const t0 = performance.now();
          await pool.query({ name, text, values });
          latencies.push(performance.now() - t0);
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return figuresOf(latencies, load.seconds);
}
