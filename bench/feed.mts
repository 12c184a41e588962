/**
 * npm run bench:feed: GET /api/posts/feed as a signed-in user (autocannon, 32 connections) against
 * the raw feed SQL through a plain pg pool at the same concurrency, measured in one run, then the
 * feed's latency at 1M posts against 10k posts. Prints figures and ratios; asserts nothing.
 * BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/test) names a server on which it
 * creates (and keeps, for reruns) the databases bench_feed_full, bench_feed_10k, bench_feed_1m.
 */

import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { statementName } from '../server/db/rows';
import { feedSql } from '../server/modules/posts';
import { FULL, generate, type Size } from './generate';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const dbUrl = (name: string) => {
  const u = new URL(SERVER);
  u.pathname = `/${name}`;
  return u.toString();
};

async function prepare(name: string, size: Size) {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: dbUrl(name) });
  await database.migrate();
  const result = (await database.db.execute(sql`SELECT count(*)::int AS n FROM posts`)) as unknown as {
    rows: { n: number }[];
  };
  if (result.rows[0].n !== size.posts) {
    process.stdout.write(`generating ${name} (${JSON.stringify(size)})... `);
    const t0 = Date.now();
    await database.db.execute(sql`TRUNCATE users CASCADE`);
    await generate(database.db, size);
    console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  return database;
}

async function measureApp(name: string, size: Size, feedCacheMs: number, encoding?: string) {
  const database = await prepare(name, size);
  await database.close();
  // The app runs in its own process, as in production; autocannon loads it from this one.
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/feed-server.mts', dbUrl(name), String(feedCacheMs)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const info = await new Promise<{ port: number; token: string; viewer: string }>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    server.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const result = await autocannon({
    url: `http://127.0.0.1:${info.port}/api/posts/feed`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie: `sid=${info.token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });
  server.kill('SIGTERM');
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`feed answered ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    viewer: info.viewer,
  };
}

/**
 * The very feed query the endpoint runs (feedSql), as the same named prepared statement, through a
 * plain pool, 32 at a time, for the same duration.
 */
async function measureRaw(name: string, viewer: string) {
  const pool = new pg.Pool({ connectionString: dbUrl(name), max: CONNECTIONS });
  const { sql: query, params } = new PgDialect().sqlToQuery(feedSql({ viewerId: viewer, limit: 20 }));
  const statement = statementName(query);
  const latencies: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        await pool.query({ name: statement, text: query, values: params as unknown[] });
        latencies.push(performance.now() - t0);
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99) };
}

const f = (n: number) => n.toFixed(1);

// As shipped: the feed cache on (decision 008). The one viewer re-reads the first page, which is
// the cache's best case; the uncached run shows the cost when every request misses.
const app = await measureApp('bench_feed_full', FULL, 5_000);
const uncached = await measureApp('bench_feed_full', FULL, 0);
// Browsers ask for compressed answers: the same load, asking as a browser does (issue 9: within 5 %).
const compressed = await measureApp('bench_feed_full', FULL, 5_000, 'gzip, deflate, br');
const raw = await measureRaw('bench_feed_full', app.viewer);
const line = (label: string, m: { rps: number; p50: number; p99: number }, unit = 'req/s') =>
  console.log(
    `  ${label.padEnd(38)} ${f(m.rps).padStart(7)} ${unit}, p50 ${f(m.p50)} ms, p99 ${f(m.p99)} ms`,
  );
console.log(
  `\nfeed, ${FULL.users} users / ${FULL.posts} posts / ${FULL.likes} likes / ${FULL.comments} comments, ${CONNECTIONS} connections, ${SECONDS} s`,
);
line('app GET /api/posts/feed (as shipped)', app);
line('app with the feed cache off', uncached);
line('app as shipped, as a browser asks (gzip)', compressed);
line('raw feed SQL via pg pool', raw, 'q/s  ');
console.log(
  `  ratio app/raw throughput: ${(app.rps / raw.rps).toFixed(2)} as shipped, ${(uncached.rps / raw.rps).toFixed(2)} with the cache off  (goal >= 0.5; p99 goal <= 20 ms)`,
);

console.log(
  `  ratio compressed/plain throughput as shipped: ${(compressed.rps / app.rps).toFixed(2)}  (goal: compression costs at most 5 %)`,
);

// Table size matters only when the query runs: measured with the cache off.
const small = await measureApp(
  'bench_feed_10k',
  { users: 1_000, posts: 10_000, likes: 10_000, comments: 3_000 },
  0,
);
const large = await measureApp(
  'bench_feed_1m',
  { users: 10_000, posts: 1_000_000, likes: 1_000_000, comments: 300_000 },
  0,
);
console.log('\nfeed latency by table size (app with the feed cache off, same load)');
console.log(`  10k posts: p50 ${f(small.p50)} ms, p99 ${f(small.p99)} ms`);
console.log(`  1M posts:  p50 ${f(large.p50)} ms, p99 ${f(large.p99)} ms`);
console.log(`  ratio 1M/10k p50: ${(large.p50 / Math.max(small.p50, 0.01)).toFixed(2)}  (goal <= 1.3)`);
