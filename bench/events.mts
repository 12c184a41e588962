/**
 * npm run bench:events: the events list as players load it (anonymous, autocannon, 32 connections)
 * against the same SQL (listEventsSql, as the same named prepared statement) through a plain pg
 * pool at the same concurrency, measured in one run, for four pages: the first page of upcoming
 * events, ?type=Milsim, one calendar month (?from&to), and ?near= sorted by distance. Prints
 * figures and ratios; asserts nothing. BENCH_DATABASE_URL (default
 * postgres://root@127.0.0.1:5432/test) names a server on which it creates (and keeps, for reruns)
 * the database bench_events: 10k players, 100k events over three years, 1M registrations.
 */

import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { eventsQuery } from '../contract';
import { type Db, openDatabase } from '../server/db/client';
import { statementName } from '../server/db/rows';
import { listEventsSql } from '../server/modules/events';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const NAME = 'bench_events';
const SIZE = { users: 10_000, events: 100_000, registrations: 1_000_000 };

const dbUrl = (name: string) => {
  const u = new URL(SERVER);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Where generated events happen: cities of North America and Europe, scattered ~100 km around. */
const CITIES: [number, number][] = [
  [49.85, -97.19],
  [43.65, -79.38],
  [49.28, -123.12],
  [51.05, -114.07],
  [45.5, -73.57],
  [53.55, -113.49],
  [40.71, -74.0],
  [34.05, -118.24],
  [41.88, -87.63],
  [29.76, -95.37],
  [33.45, -112.07],
  [39.74, -104.99],
  [47.61, -122.33],
  [25.76, -80.19],
  [33.75, -84.39],
  [44.98, -93.27],
  [30.27, -97.74],
  [32.78, -96.8],
  [51.51, -0.13],
  [53.48, -2.24],
  [55.95, -3.19],
  [52.52, 13.4],
  [48.14, 11.58],
  [50.11, 8.68],
  [48.86, 2.35],
  [45.76, 4.84],
  [52.37, 4.9],
  [50.85, 4.35],
  [40.42, -3.7],
  [41.39, 2.17],
  [45.46, 9.19],
  [41.9, 12.5],
  [59.33, 18.07],
  [59.91, 10.75],
  [55.68, 12.57],
  [52.23, 21.01],
  [50.08, 14.44],
  [48.21, 16.37],
  [47.5, 19.04],
  [53.35, -6.26],
];

/** 100k events from a year ago to two years ahead, 1M registrations (waitlists where full). */
async function generate(db: Db) {
  const cities = sql.raw(
    `(VALUES ${CITIES.map(([a, b], i) => `(${i}, ${a}, ${b})`).join(', ')}) AS c(n, lat, lng)`,
  );
  await db.execute(sql`
    INSERT INTO users (username, email, password, joined_at)
    SELECT 'bench_' || g, 'bench_' || g || '@example.test', 'not-a-hash', now() - (g || ' minutes')::interval
    FROM generate_series(1, ${SIZE.users}) g`);
  await db.execute(sql`
    INSERT INTO events (title, description, date, location, address, lat, lng, type, capacity, url, rules)
    SELECT 'Generated event #' || g, 'A generated game day with a few lines of description.',
           now() - interval '365 days' + (g * (1095.0 * 86400 / ${SIZE.events}) || ' seconds')::interval,
           'City ' || c.n, g || ' Field Road', c.lat + (random() - 0.5) * 2, c.lng + (random() - 0.5) * 3,
           (ARRAY['Local', 'Local', 'Milsim', 'Training'])[1 + g % 4],
           (ARRAY[0, 8, 20, 40, 60, 100, 150])[1 + g % 7],
           'https://example.com/events/' || g,
           CASE WHEN g % 3 = 0 THEN '{"chronoBbWeightG":0.2,"classes":{"aeg":{"joules":1.14,"minEngagementM":null},"dmr":null,"sniper":null},"rateOfFireBps":null,"eyeProtection":"full-seal","minimumAge":12,"pyroAllowed":true,"smokeAllowed":true,"hpaAllowed":true,"tracersAllowed":false,"notes":null}'::jsonb END
    FROM generate_series(1, ${SIZE.events}) g JOIN ${cities} ON c.n = g % ${CITIES.length}`);
  await db.execute(sql`CREATE TEMP TABLE bench_users AS SELECT row_number() OVER () AS n, id FROM users`);
  await db.execute(sql`CREATE TEMP TABLE bench_events AS SELECT row_number() OVER () AS n, id FROM events`);
  const perEvent = Math.ceil(SIZE.registrations / SIZE.events);
  await db.execute(sql`
    INSERT INTO event_registrations (event_id, user_id)
    SELECT e.id, u.id FROM bench_events e
    CROSS JOIN generate_series(0, ${perEvent - 1}) j
    JOIN bench_users u ON u.n = 1 + ((e.n * 7 + j) % ${SIZE.users})`);
  // Arrival order decides: the first `capacity` are registered, the rest wait.
  await db.execute(sql`
    UPDATE event_registrations r SET status = 'waitlisted'
    FROM (SELECT r2.id, row_number() OVER (PARTITION BY r2.event_id ORDER BY r2.seq) AS k, e.capacity
          FROM event_registrations r2 JOIN events e ON e.id = r2.event_id) o
    WHERE o.id = r.id AND o.capacity > 0 AND o.k > o.capacity`);
  await db.execute(sql`
    UPDATE events e SET registered_count = s.reg, waitlist_count = s.wait
    FROM (SELECT event_id, count(*) FILTER (WHERE status = 'registered') AS reg,
                 count(*) FILTER (WHERE status = 'waitlisted') AS wait
          FROM event_registrations GROUP BY event_id) s
    WHERE s.event_id = e.id`);
  await db.execute(sql`DROP TABLE bench_users; DROP TABLE bench_events`);
  await db.execute(sql`VACUUM ANALYZE`);
}

async function prepare() {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [NAME]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${NAME}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: dbUrl(NAME) });
  await database.migrate();
  const count = async (table: string) =>
    (
      (await database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n;
  if (
    (await count('events')) !== SIZE.events ||
    (await count('event_registrations')) !== SIZE.registrations
  ) {
    process.stdout.write(`generating ${NAME} (${JSON.stringify(SIZE)})... `);
    const t0 = Date.now();
    await database.db.execute(sql`TRUNCATE users, events CASCADE`);
    await generate(database.db);
    console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  await database.close();
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

const month = (() => {
  const d = new Date();
  const from = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  const to = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 2, 1));
  return { from: from.toISOString(), to: to.toISOString() };
})();

const PAGES: { label: string; query: Record<string, string> }[] = [
  { label: 'upcoming, first page', query: {} },
  { label: '?type=Milsim', query: { type: 'Milsim' } },
  { label: 'one calendar month (?from&to)', query: month },
  { label: '?near= (Toronto) &sort=distance', query: { near: '43.65,-79.38', sort: 'distance' } },
];

async function measureApp(port: number, query: Record<string, string>): Promise<Figures> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/events?${new URLSearchParams(query)}`,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`events answered ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The very SQL the endpoint runs, as the same named prepared statement, 32 at a time. */
async function measureRaw(query: Record<string, string>): Promise<Figures> {
  const pool = new pg.Pool({ connectionString: dbUrl(NAME), max: CONNECTIONS });
  const opts = eventsQuery.parse(query);
  const { sql: text, params } = new PgDialect().sqlToQuery(listEventsSql(opts, new Date()));
  const name = statementName(text);
  const latencies: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        await pool.query({ name, text, values: params as unknown[] });
        latencies.push(performance.now() - t0);
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99) };
}

async function startApp(cacheMs: number) {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/events-server.mts', dbUrl(NAME), String(cacheMs)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    server.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { port, stop: () => server.kill('SIGTERM') };
}

const warm = (port: number, query: Record<string, string>) =>
  autocannon({
    url: `http://127.0.0.1:${port}/api/events?${new URLSearchParams(query)}`,
    connections: CONNECTIONS,
    duration: 1,
  });

await prepare();
const results: { label: string; app: Figures; uncached: Figures; raw: Figures }[] = [];
const shipped = await startApp(2_000);
const apps: Figures[] = [];
for (const page of PAGES) {
  await warm(shipped.port, page.query);
  apps.push(await measureApp(shipped.port, page.query));
}
shipped.stop();
const off = await startApp(0);
for (const [i, page] of PAGES.entries()) {
  // A short warm-up, so that every pooled connection has prepared the statement.
  await warm(off.port, page.query);
  const uncached = await measureApp(off.port, page.query);
  const raw = await measureRaw(page.query);
  results.push({ label: page.label, app: apps[i], uncached, raw });
}
off.stop();

const f = (n: number) => n.toFixed(1);
const row = (label: string, m: Figures, unit = 'req/s') =>
  console.log(
    `    ${label.padEnd(30)} ${f(m.rps).padStart(7)} ${unit}, p50 ${f(m.p50)} ms, p99 ${f(m.p99)} ms`,
  );
console.log(
  `\nevents, ${SIZE.users} players / ${SIZE.events} events over three years / ${SIZE.registrations} registrations, anonymous, ${CONNECTIONS} connections, ${SECONDS} s each`,
);
for (const r of results) {
  console.log(`  ${r.label}`);
  row('app (as shipped, 2 s cache)', r.app);
  row('app with the cache off', r.uncached);
  row('raw SQL via pg pool', r.raw, 'q/s  ');
  console.log(
    `    ratio app/raw ${(r.app.rps / r.raw.rps).toFixed(2)} as shipped, ${(r.uncached.rps / r.raw.rps).toFixed(2)} cache off (goal >= 0.5); p99 goal <= 25 ms`,
  );
}
const ratio = (a: Figures, b: Figures) =>
  `throughput ${(a.rps / b.rps).toFixed(2)}, p50 ${(a.p50 / Math.max(b.p50, 0.01)).toFixed(2)}x, p99 ${(a.p99 / Math.max(b.p99, 0.01)).toFixed(2)}x`;
console.log(`  near/plain list, as shipped: ${ratio(results[3].app, results[0].app)}  (goal: within 2x)`);
console.log(`  near/plain list, cache off:  ${ratio(results[3].uncached, results[0].uncached)}`);
