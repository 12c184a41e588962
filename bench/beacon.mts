/**
 * npm run bench:beacon: what one page-view beacon (POST /api/analytics/page-view) costs the app's
 * process and PostgreSQL (issue 22, decision 027). The app is built in this process (`buildApp`,
 * as bench/cpu.mts does) on the bench database bench_beacon (made here on BENCH_DATABASE_URL's
 * server and kept: 5,000 users, 100k visits, 1M page views) and sent BENCH_REQUESTS (20,000)
 * beacons through `app.inject`, 8 at a time, from 2,000 visits (a fixed set of `aid` cookies, 30 %
 * of them signed in), after 500 to warm up on another app instance. The app is closed at the end,
 * so the views still waiting are written inside the measurement. It prints, per beacon: the
 * process's CPU (user + system, `process.cpuUsage()`), the CPU of the PostgreSQL backends serving
 * this database (/proc/<pid>/stat, same machine only), and the database's transactions and rows
 * (pg_stat_database, read once the backends exited and reported). ANALYTICS_FLUSH_MS (default
 * 1000; 0 writes each view at once) is passed to the app. Asserts only that every view is there.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { App } from '../server/context';
import { type Database, openDatabase } from '../server/db/client';
import { rows } from '../server/db/rows';
import { createSession } from '../server/modules/auth';
import { dbUrl, ensureDatabase, PREPARE_ONLY } from './lib/app';
import { benchApp } from './lib/server';

const NAME = 'bench_beacon';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const WARMUP = 500;
const CONCURRENCY = 8;
const VISITS = 2_000;
const SIGNED_IN = 0.3;
const FLUSH_MS = Number(process.env.ANALYTICS_FLUSH_MS ?? 1_000);
const SIZE = { users: 5_000, sessions: 100_000, pageViews: 1_000_000 };
const TICK_US = 1_000_000 / 100; // /proc CPU times are in clock ticks of 10 ms (CLK_TCK 100 on Linux)

async function prepare() {
  await ensureDatabase(NAME);
  const database = await openDatabase({ databaseUrl: dbUrl(NAME) });
  await database.migrate();
  const db = database.db;
  const count = async (table: string) =>
    (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0].n;
  // Earlier runs' visits go first, so that every run starts from the same tables.
  await db.execute(sql`DELETE FROM sessions WHERE session_id LIKE 'beacon-%'`);
  await db.execute(sql`DELETE FROM user_sessions`);
  if ((await count('users')) !== SIZE.users || (await count('page_views')) !== SIZE.pageViews) {
    process.stdout.write(`generating ${NAME} (${JSON.stringify(SIZE)})... `);
    const t0 = Date.now();
    await db.execute(sql`TRUNCATE users, sessions CASCADE`);
    await db.execute(sql`
      INSERT INTO users (username, email, password)
      SELECT 'beacon_' || g, 'beacon_' || g || '@example.test', 'not-a-hash' FROM generate_series(1, ${SIZE.users}) g`);
    await db.execute(sql`
      INSERT INTO sessions (session_id, started_at, ended_at, duration_seconds, device)
      SELECT 'old-' || g, now() - (g % 90) * interval '1 day', now() - (g % 90) * interval '1 day' + interval '5 minutes',
             300, 'desktop'
      FROM generate_series(1, ${SIZE.sessions}) g`);
    await db.execute(sql`
      INSERT INTO page_views (session_id, path, occurred_at)
      SELECT s.id, '/teams/' || j, s.started_at + j * interval '30 seconds'
      FROM sessions s CROSS JOIN generate_series(0, ${SIZE.pageViews / SIZE.sessions - 1}) j`);
    console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  await db.execute(sql`VACUUM ANALYZE sessions`);
  await db.execute(sql`VACUUM ANALYZE page_views`);
  // The signed-in visits' accounts and their session cookies.
  const users = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM users ORDER BY username LIMIT ${Math.round(VISITS * SIGNED_IN)}`,
  );
  const sids: string[] = [];
  for (const u of users) sids.push(await createSession(db, u.id));
  await database.close();
  return sids;
}

async function appOn(database: Database) {
  return benchApp(database, { analyticsFlushMs: FLUSH_MS });
}

/** `count` beacons, CONCURRENCY at a time, the k-th from visit k % VISITS. */
async function send(app: App, run: string, sids: string[], count: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const k = next++;
        const visit = k % VISITS;
        const cookie = `aid=beacon-${run}-${visit}${visit < sids.length ? `; sid=${sids[visit]}` : ''}`;
        const res = await app.inject({
          method: 'POST',
          url: '/api/analytics/page-view',
          payload: { path: `/teams/${k % 50}` },
          headers: { cookie, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' },
          remoteAddress: '8.8.8.8',
        });
        if (res.statusCode !== 204) throw new Error(`beacon: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }),
  );
}

/** CPU (µs) of each PostgreSQL backend on this database, but `monitor`'s own. */
async function backendsCpu(monitor: pg.Client): Promise<Map<number, number>> {
  const { rows: backends } = await monitor.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  const cpu = new Map<number, number>();
  for (const { pid } of backends) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_US);
    } catch {
      // Gone meanwhile.
    }
  }
  return cpu;
}

async function dbStats(monitor: pg.Client) {
  await monitor.query('SELECT pg_stat_clear_snapshot()');
  const { rows: r } = await monitor.query(
    `SELECT xact_commit::bigint AS xacts, tup_inserted::bigint AS inserted, tup_updated::bigint AS updated,
            tup_fetched::bigint AS fetched, blks_hit + blks_read AS blocks
     FROM pg_stat_database WHERE datname = current_database()`,
  );
  return Object.fromEntries(Object.entries(r[0]).map(([k, v]) => [k, Number(v)])) as Record<string, number>;
}

const sids = await prepare();
if (PREPARE_ONLY) process.exit(0);
const run = Date.now().toString(36);

// Warm-up on an instance of its own, closed (its backends gone) before anything is counted.
{
  const database = await openDatabase({ databaseUrl: dbUrl(NAME) });
  const app = await appOn(database);
  await send(app, `${run}w`, sids, WARMUP);
  await app.close();
  await database.close();
}

const monitor = new pg.Client({ connectionString: dbUrl(NAME) });
await monitor.connect();
const database = await openDatabase({ databaseUrl: dbUrl(NAME) });
const app = await appOn(database);
await new Promise((r) => setTimeout(r, 1_500));
const stats0 = await dbStats(monitor);
const cpu0 = await backendsCpu(monitor);
const t0 = performance.now();
const c0 = process.cpuUsage();
await send(app, run, sids, REQUESTS);
await app.close(); // writes the views still waiting
const c = process.cpuUsage(c0);
const seconds = (performance.now() - t0) / 1000;
const cpu1 = await backendsCpu(monitor);
await database.close();
// The backends report their counts as they exit.
await new Promise((r) => setTimeout(r, 1_500));
const stats1 = await dbStats(monitor);
const [{ n: written }] = (
  await monitor.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM page_views p JOIN sessions s ON s.id = p.session_id WHERE s.session_id LIKE 'beacon-' || $1 || '-%'",
    [run],
  )
).rows;
await monitor.end();
if (written !== REQUESTS) throw new Error(`${written} page views written of ${REQUESTS}`);

let pgCpu = 0;
for (const [pid, us] of cpu1) pgCpu += us - (cpu0.get(pid) ?? 0);
const per = (n: number) => (n / REQUESTS).toFixed(2);
console.log(
  `\npage-view beacons, ${REQUESTS} from ${VISITS} visits (${SIGNED_IN * 100} % signed in), ${CONCURRENCY} at a time, ANALYTICS_FLUSH_MS=${FLUSH_MS}`,
);
console.log(`  ${(REQUESTS / seconds).toFixed(0)} beacons/s in one process, all written (${written})`);
console.log(`  app CPU per beacon:        ${Math.round((c.user + c.system) / REQUESTS)} µs`);
console.log(`  PostgreSQL CPU per beacon: ${Math.round(pgCpu / REQUESTS)} µs (its backends on ${NAME})`);
console.log(
  `  per beacon: ${per(stats1.xacts - stats0.xacts)} transactions, ${per(stats1.inserted - stats0.inserted)} rows inserted, ${per(stats1.updated - stats0.updated)} updated, ${per(stats1.fetched - stats0.fetched)} fetched, ${per(stats1.blocks - stats0.blocks)} buffer reads`,
);
