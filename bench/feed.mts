/**
 * npm run bench:feed: GET /api/posts/feed as a signed-in user (autocannon, 32 connections) against
 * the raw feed SQL through a plain pg pool at the same concurrency, measured in one run, then the
 * feed's latency at 1M posts against 10k posts. Prints figures and ratios; asserts nothing.
 * BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/test) names a server on which it
 * creates (and keeps, for reruns) the databases bench_feed_full, bench_feed_10k, bench_feed_1m.
 */

import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { feedSql } from '../server/modules/posts';
import { FULL, generate, type Size } from './generate';
import { dbUrl, ensureDatabase, SECONDS, startApp } from './lib/app';
import { CONNECTIONS, measureApp as measurePage, measureRaw } from './lib/pool';
import { f, row } from './lib/stats';

async function prepare(name: string, size: Size) {
  await ensureDatabase(name);
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
  const app = await startApp('bench/feed-server.mts', [dbUrl(name), String(feedCacheMs)]);
  try {
    const figures = await measurePage(app.port, '/api/posts/feed', {
      seconds: SECONDS,
      headers: { cookie: `sid=${app.info.token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });
    return { ...figures, viewer: String(app.info.viewer) };
  } finally {
    app.stop();
  }
}

// As shipped: the feed cache on (decision 008). The one viewer re-reads the first page, which is
// the cache's best case; the uncached run shows the cost when every request misses.
const app = await measureApp('bench_feed_full', FULL, 5_000);
const uncached = await measureApp('bench_feed_full', FULL, 0);
// Browsers ask for compressed answers: the same load, asking as a browser does (issue 9: within 5 %).
const compressed = await measureApp('bench_feed_full', FULL, 5_000, 'gzip, deflate, br');
// The very feed query the endpoint runs (feedSql), as the same named prepared statement.
const raw = await measureRaw(dbUrl('bench_feed_full'), feedSql({ viewerId: app.viewer, limit: 20 }), {
  seconds: SECONDS,
});
console.log(
  `\nfeed, ${FULL.users} users / ${FULL.posts} posts / ${FULL.likes} likes / ${FULL.comments} comments, ${CONNECTIONS} connections, ${SECONDS} s`,
);
row('app GET /api/posts/feed (as shipped)', app, 'req/s', 38);
row('app with the feed cache off', uncached, 'req/s', 38);
row('app as shipped, as a browser asks (gzip)', compressed, 'req/s', 38);
row('raw feed SQL via pg pool', raw, 'q/s  ', 38);
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
