/**
 * npm run bench:events: the events list as players load it (anonymous, autocannon, 32 connections)
 * against the same SQL (listEventsSql, as the same named prepared statement) through a plain pg
 * pool at the same concurrency, measured in one run, for five pages: the first page of upcoming
 * events, ?type=Milsim, one calendar month (?from&to), ?near= sorted by distance, and issue 26's
 * combined find filters (BENCH_ONLY=find runs that one alone). Prints
 * figures and ratios; asserts nothing. BENCH_DATABASE_URL (default
 * postgres://root@127.0.0.1:5432/test) names a server on which it creates (and keeps, for reruns)
 * the database bench_events: 10k players, 100k events over three years, 1M registrations.
 */

import { sql } from 'drizzle-orm';
import { eventsQuery } from '../contract';
import { type Db, openDatabase } from '../server/db/client';
import { listEventsSql } from '../server/modules/events';
import { dbUrl, ensureDatabase, SECONDS, startApp } from './lib/app';
import { CONNECTIONS, measureApp, measureRaw, warm } from './lib/pool';
import { type Figures, ratio, row } from './lib/stats';

const NAME = 'bench_events';
const SIZE = { users: 10_000, events: 100_000, registrations: 1_000_000 };

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
  await ensureDatabase(NAME);
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
  // Issue 26: a third of the events say rentals available (beginner=true), on a base made before.
  await database.db.execute(sql`
    UPDATE events SET rentals_available = true
    WHERE NOT EXISTS (SELECT 1 FROM events WHERE rentals_available) AND abs(hashtext(id::text)) % 3 = 0`);
  await database.close();
}

const month = (() => {
  const d = new Date();
  const from = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  const to = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 2, 1));
  return { from: from.toISOString(), to: to.toISOString() };
})();

/** Today + n days (UTC), as the web sends "next 7 days". */
function day(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

const PAGES: { label: string; query: Record<string, string> }[] = [
  { label: 'upcoming, first page', query: {} },
  { label: '?type=Milsim', query: { type: 'Milsim' } },
  { label: 'one calendar month (?from&to)', query: month },
  { label: '?near= (Toronto) &sort=distance', query: { near: '43.65,-79.38', sort: 'distance' } },
  {
    // Issue 26's find filters together: the next 7 days, within 100 km of Manchester, Local, places left, beginner-friendly.
    label: 'find: 7 days, near+radius, type, placesLeft, beginner',
    query: {
      from: day(0),
      to: day(6),
      near: '53.48,-2.24',
      radius: '100',
      type: 'Local',
      placesLeft: 'true',
      beginner: 'true',
    },
  },
];
/** BENCH_ONLY=find: only the pages whose label has that text. */
const ONLY = process.env.BENCH_ONLY;
const pages = ONLY ? PAGES.filter((p) => p.label.includes(ONLY)) : PAGES;

const path = (query: Record<string, string>) => `/api/events?${new URLSearchParams(query)}`;
/** The very SQL the endpoint runs, as the same named prepared statement. */
const statement = (query: Record<string, string>) => listEventsSql(eventsQuery.parse(query), new Date());
const load = { seconds: SECONDS };

await prepare();
const results: { label: string; app: Figures; uncached: Figures; raw: Figures }[] = [];
const shipped = await startApp('bench/events-server.mts', [dbUrl(NAME), '2000']);
const apps: Figures[] = [];
for (const page of pages) {
  await warm(shipped.port, path(page.query));
  apps.push(await measureApp(shipped.port, path(page.query), load));
}
shipped.stop();
const off = await startApp('bench/events-server.mts', [dbUrl(NAME), '0']);
for (const [i, page] of pages.entries()) {
  await warm(off.port, path(page.query));
  const uncached = await measureApp(off.port, path(page.query), load);
  const raw = await measureRaw(dbUrl(NAME), statement(page.query), load);
  results.push({ label: page.label, app: apps[i], uncached, raw });
}
off.stop();

console.log(
  `\nevents, ${SIZE.users} players / ${SIZE.events} events over three years / ${SIZE.registrations} registrations, anonymous, ${CONNECTIONS} connections, ${SECONDS} s each`,
);
for (const r of results) {
  console.log(`  ${r.label}`);
  row('app (as shipped, 2 s cache)', r.app, 'req/s', 30);
  row('app with the cache off', r.uncached, 'req/s', 30);
  row('raw SQL via pg pool', r.raw, 'q/s  ', 30);
  console.log(
    `    ratio app/raw ${(r.app.rps / r.raw.rps).toFixed(2)} as shipped, ${(r.uncached.rps / r.raw.rps).toFixed(2)} cache off (goal >= 0.5); p99 goal <= 25 ms`,
  );
}
if (!ONLY) {
  console.log(`  near/plain list, as shipped: ${ratio(results[3].app, results[0].app)}  (goal: within 2x)`);
  console.log(`  near/plain list, cache off:  ${ratio(results[3].uncached, results[0].uncached)}`);
}
