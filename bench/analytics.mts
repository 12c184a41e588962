/**
 * npm run bench:analytics: the admin analytics report (GET /api/admin/analytics, as a signed-in
 * admin, autocannon) against the same statements (reportQueries from
 * server/modules/analytics/report.ts, run together per report as the route does) through a plain
 * pg pool at the same concurrency, for both ranges, in one run: the app as shipped (the report kept
 * 5 s) and with the cache off (concurrent requests still share one count). Prints figures and ratios; asserts
 * nothing. BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/test) names a server on
 * which it creates (and keeps, for reruns) the database bench_analytics: 100k sessions, 1M page
 * views, 200k searches and 100k post events spread over the last BENCH_DAYS (default 90) days.
 */

import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { AnalyticsRange } from '../contract';
import { type Db, openDatabase } from '../server/db/client';
import { rows } from '../server/db/rows';
import { analyticsWindow, reportQueries } from '../server/modules/analytics/report';
import { dbUrl, ensureDatabase, SECONDS, startApp } from './lib/app';
import { measureApp as measurePage } from './lib/pool';
import { type Figures, figuresOf, row } from './lib/stats';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const NAME = 'bench_analytics';
const SIZE = {
  users: 5_000,
  sessions: 100_000,
  pageViews: 1_000_000,
  searches: 200_000,
  postEvents: 100_000,
};

const COUNTRIES = ['US', 'CA', 'GB', 'DE', 'FR', 'NL', 'SE', 'PL', 'ES', 'IT', 'AU', 'JP', 'BR', 'MX', 'IE'];

/** Rows spread evenly over the last DAYS days, paths and queries skewed towards a few. */
async function generate(db: Db) {
  const span = `${DAYS} days`;
  const countries = sql.raw(`(ARRAY[${COUNTRIES.map((c) => `'${c}'`).join(', ')}])`);
  await db.execute(sql`
    INSERT INTO users (username, email, password, role, joined_at)
    SELECT CASE WHEN g = 1 THEN 'bench_admin' ELSE 'bench_' || g END, 'bench_' || g || '@example.test',
           'not-a-hash', CASE WHEN g = 1 THEN 'admin' ELSE 'user' END,
           now() - random() * ${span}::interval
    FROM generate_series(1, ${SIZE.users}) g`);
  await db.execute(sql`
    INSERT INTO sessions (session_id, started_at, duration_seconds, country, region, device)
    SELECT 'bench-' || g, now() - random() * ${span}::interval, (random() * 1800)::int,
           ${countries}[1 + floor(power(random(), 2) * ${COUNTRIES.length})::int],
           'Region ' || (g % 20), (ARRAY['desktop', 'mobile', 'mobile', 'tablet'])[1 + g % 4]
    FROM generate_series(1, ${SIZE.sessions}) g`);
  await db.execute(
    sql`CREATE TEMP TABLE bench_s AS SELECT row_number() OVER () AS n, id, started_at FROM sessions`,
  );
  const perSession = SIZE.pageViews / SIZE.sessions;
  await db.execute(sql`
    INSERT INTO page_views (session_id, path, occurred_at)
    SELECT s.id,
           CASE WHEN j = 0 THEN '/'
                ELSE (ARRAY['/teams/', '/profile/', '/events/', '/gear/'])[1 + (s.n + j) % 4]
                     || floor(power(random(), 3) * 300)::int END,
           s.started_at + j * interval '40 seconds'
    FROM bench_s s CROSS JOIN generate_series(0, ${perSession - 1}) j`);
  await db.execute(sql`
    INSERT INTO search_events (session_id, query, results_count, occurred_at)
    SELECT s.id, CASE WHEN x.g % 3 = 0 THEN '  ' || upper(x.q) || ' ' ELSE x.q END, (random() * 20)::int,
           s.started_at + interval '30 seconds'
    FROM (SELECT g, 'query ' || floor(power(random(), 3) * 500)::int AS q
          FROM generate_series(1, ${SIZE.searches}) g) x
    JOIN bench_s s ON s.n = 1 + (x.g % ${SIZE.sessions})`);
  await db.execute(sql`
    INSERT INTO post_events (action, occurred_at)
    SELECT (ARRAY['create', 'like', 'like', 'like', 'comment', 'comment', 'delete'])[1 + g % 7],
           now() - random() * ${span}::interval
    FROM generate_series(1, ${SIZE.postEvents}) g`);
  await db.execute(sql`DROP TABLE bench_s`);
  await db.execute(sql`VACUUM ANALYZE`);
}

async function prepare() {
  await ensureDatabase(NAME);
  const database = await openDatabase({ databaseUrl: dbUrl(NAME) });
  await database.migrate();
  const count = async (table: string) =>
    (await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0].n;
  // The rows are dated from the fill time: refilled when a day has passed, so both ranges stay full.
  const [age] = await rows<{ hours: number | null }>(
    database.db,
    sql`SELECT extract(epoch FROM now() - max(started_at)) / 3600 AS hours FROM sessions`,
  );
  if (
    (await count('sessions')) !== SIZE.sessions ||
    (await count('page_views')) !== SIZE.pageViews ||
    (await count('search_events')) !== SIZE.searches ||
    Number(age.hours ?? 99) > 20
  ) {
    process.stdout.write(`generating ${NAME} (${JSON.stringify(SIZE)} over ${DAYS} days)... `);
    const t0 = Date.now();
    await database.db.execute(sql`TRUNCATE users, sessions, post_events CASCADE`);
    await generate(database.db);
    console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  await database.close();
}

const startAnalytics = (cacheMs: number) =>
  startApp('bench/analytics-server.mts', [dbUrl(NAME), String(cacheMs)]);

const measureApp = (
  app: { port: number; info: Record<string, unknown> },
  range: AnalyticsRange,
  seconds = SECONDS,
) =>
  measurePage(app.port, `/api/admin/analytics?range=${range}`, {
    connections: CONNECTIONS,
    seconds,
    headers: { cookie: `sid=${app.info.token}` },
  });

/** The very statements of one report, run together as the route runs them, CONNECTIONS at a time. */
async function measureRaw(range: AnalyticsRange): Promise<Figures> {
  const pool = new pg.Pool({ connectionString: dbUrl(NAME), max: CONNECTIONS * 6 });
  const statements = Object.values(reportQueries(drizzle({ client: pool }), analyticsWindow(range))).map(
    (q) => q.toSQL(),
  );
  const latencies: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        await Promise.all(statements.map((s) => pool.query(s.sql, s.params as unknown[])));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  await pool.end();
  return figuresOf(latencies, SECONDS);
}

await prepare();
const results: { range: AnalyticsRange; app: Figures; uncached: Figures; raw: Figures }[] = [];
const shipped = await startAnalytics(5_000);
const apps: Figures[] = [];
for (const range of ['7d', '30d'] as const) {
  await measureApp(shipped, range, 1); // warm-up
  apps.push(await measureApp(shipped, range));
}
shipped.stop();
const off = await startAnalytics(0);
for (const [i, range] of (['7d', '30d'] as const).entries()) {
  await measureApp(off, range, 1);
  const uncached = await measureApp(off, range);
  const raw = await measureRaw(range);
  results.push({ range, app: apps[i], uncached, raw });
}
off.stop();

console.log(
  `\nanalytics report, ${SIZE.sessions} sessions / ${SIZE.pageViews} page views / ${SIZE.searches} searches / ${SIZE.postEvents} post events over ${DAYS} days, admin, ${CONNECTIONS} connections, ${SECONDS} s each`,
);
for (const r of results) {
  console.log(`  range=${r.range}`);
  row('app (as shipped, 5 s)', r.app, 'req/s    ');
  row('app, cache off', r.uncached, 'req/s    ');
  row('raw SQL via pg pool', r.raw, 'reports/s');
  console.log(
    `    ratio app/raw throughput ${(r.app.rps / r.raw.rps).toFixed(2)} as shipped, ${(r.uncached.rps / r.raw.rps).toFixed(2)} cache off (goal >= 0.5); p99 goal at 30d < 200 ms`,
  );
}
