/**
 * npm run bench:notifications (issue 23), on PostgreSQL: BENCH_DATABASE_URL (default
 * postgres://root@127.0.0.1:5432/test) names a server on which it creates (and keeps, for reruns)
 * the database bench_notifications: 10k players, 20k posts, 100 events, 100 teams and 1M
 * notifications (100 per player, the newest 15 unread; likes, follows and invitations with one to
 * three actors), generated in SQL. Then, with the app in its own process (bench/notifications-server.mts):
 *
 * 1. the unread count and the first page of the list (GET /api/notifications/unread-count, GET
 *    /api/notifications), signed in, at 32 connections, against the very statements the routes run
 *    (the same names, texts and values) through a plain pg pool at the same concurrency;
 * 2. POST /api/posts/{id}/like, each request a new (player, post) pair, on posts whose owners take
 *    likes in the app ('app', the default) against posts whose owners turned them off ('off'):
 *    the like's notify() statement runs in both, and writes (and groups, and announces) an entry
 *    only for the first;
 * 3. 5,000 streams (GET /api/notifications/stream) held open on the one app process, one per
 *    player (a player may hold 10): the process's memory per stream (RSS and heap, each after a
 *    full collection), and for one notify() of all 5,000 players (one statement, as a fan-out job writes an event's change), the time
 *    until each stream has its entry (p50, p99, max), 5 times.
 *
 * Prints figures and ratios; asserts nothing. BENCH_SECONDS (default 5) per measurement;
 * BENCH_PREPARE_ONLY=1 creates and fills the database and exits.
 */

import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../server/db/client';
import { rows } from '../server/db/rows';
import { createSession } from '../server/modules/auth';
import { notify, pageSql, unreadCountSql } from '../server/modules/notifications';
import { dbUrl, ensureDatabase, PREPARE_ONLY, startApp } from './lib/app';
import { CONNECTIONS, measureApp, measureRaw, warm } from './lib/pool';
import { type Figures, f, percentile, row } from './lib/stats';

const NAME = 'bench_notifications';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SIZE = { users: 10_000, perUser: 100, unread: 15, posts: 2, events: 100, teams: 100 };
const ENTRIES = SIZE.users * SIZE.perUser;
/** The players who like (with sessions), and the owners of the posts liked: 'off' and 'app' halves. */
const LIKERS = 200;
const OFF_OWNERS = { from: 5_001, to: 7_500 };
const APP_OWNERS = { from: 7_501, to: 10_000 };
const STREAMS = 5_000;
const ROUNDS = 5;

const count = async (db: Db, table: string) =>
  (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0].n;

async function generate(db: Db) {
  await db.execute(sql`
    INSERT INTO users (username, email, password, joined_at)
    SELECT 'np_' || g, 'np_' || g || '@example.test', 'not-a-hash', now() - (g || ' minutes')::interval
    FROM generate_series(1, ${SIZE.users}) g`);
  await db.execute(sql`CREATE TABLE bench_users AS SELECT substr(username, 4)::int AS n, id FROM users`);
  await db.execute(sql`CREATE UNIQUE INDEX ON bench_users (n)`);
  await db.execute(sql`
    INSERT INTO posts (user_id, caption, created_at)
    SELECT u.id, 'Game day ' || u.n || '/' || k || ': Sunday at the quarry, bring spare mags', now() - ((u.n + k) || ' minutes')::interval
    FROM bench_users u CROSS JOIN generate_series(1, ${SIZE.posts}) k`);
  await db.execute(sql`
    INSERT INTO events (title, date, location, time_zone)
    SELECT 'Operation ' || g, now() + (g || ' days')::interval, 'Leeds, West Yorkshire', 'Europe/London'
    FROM generate_series(1, ${SIZE.events}) g`);
  await db.execute(sql`
    INSERT INTO teams (name, created_by) SELECT 'Bench Team ' || g, u.id FROM generate_series(1, ${SIZE.teams}) g
    JOIN bench_users u ON u.n = g`);
  // 100 entries per player in time order (seq follows created_at); i % 10 picks the kind.
  await db.execute(sql`
    INSERT INTO notifications (recipient_id, kind, post_id, team_id, event_id, data, read_at, created_at)
    SELECT recipient_id, kind, post_id, team_id, event_id, data, read_at, created_at FROM (
      SELECT u.id AS recipient_id,
        (ARRAY['like','like','like','like','follow','follow','comment','badge-earned','event-changed','team-invitation'])[1 + i % 10] AS kind,
        CASE WHEN i % 10 IN (0, 1, 2, 3, 6) THEN (SELECT p.id FROM posts p WHERE p.user_id = u.id LIMIT 1) END AS post_id,
        CASE WHEN i % 10 = 9 THEN (SELECT t.id FROM teams t WHERE t.name = 'Bench Team ' || (1 + (u.n + i) % ${SIZE.teams})) END AS team_id,
        CASE WHEN i % 10 = 8 THEN (SELECT e.id FROM events e WHERE e.title = 'Operation ' || (1 + (u.n + i) % ${SIZE.events})) END AS event_id,
        CASE i % 10
          WHEN 6 THEN '{"excerpt": "See you on Sunday, bring the big mags"}'::jsonb
          WHEN 7 THEN '{"badge": "first-post"}'::jsonb
          WHEN 8 THEN '{"title": "Operation", "changed": ["date", "location"]}'::jsonb
          WHEN 9 THEN '{"title": "Bench Team"}'::jsonb
          ELSE '{}'::jsonb END AS data,
        CASE WHEN i <= ${SIZE.perUser - SIZE.unread} THEN now() - ((${SIZE.perUser} - i) * 37 - 30 || ' minutes')::interval END AS read_at,
        now() - ((${SIZE.perUser} - i) * 37 + u.n % 37 || ' minutes')::interval AS created_at
      FROM bench_users u CROSS JOIN generate_series(1, ${SIZE.perUser}) i
    ) g ORDER BY created_at`);
  // One to three actors for likes, follows, comments and invitations, never the recipient.
  await db.execute(sql`
    INSERT INTO notification_actors (notification_id, actor_id, created_at)
    SELECT n.id, a.id, n.created_at - (k || ' minutes')::interval
    FROM notifications n
    JOIN bench_users r ON r.id = n.recipient_id
    CROSS JOIN LATERAL generate_series(1, CASE WHEN n.kind IN ('like', 'follow') THEN 1 + n.id % 3 ELSE 1 END) k
    JOIN bench_users a ON a.n = 1 + (r.n + k * 97) % ${SIZE.users}
    WHERE n.kind IN ('like', 'follow', 'comment', 'team-invitation')`);
  await db.execute(sql`DROP TABLE bench_users`);
  await db.execute(sql`VACUUM ANALYZE`);
}

async function prepare(): Promise<void> {
  await ensureDatabase(NAME);
  const database = await openDatabase({ databaseUrl: dbUrl(NAME) });
  await database.migrate();
  const db = database.db;
  if ((await count(db, 'users')) !== SIZE.users || (await count(db, 'notifications')) < ENTRIES) {
    process.stdout.write(`generating ${NAME} (${SIZE.users} players, ${ENTRIES} notifications)... `);
    const t0 = Date.now();
    await db.execute(sql`TRUNCATE users, teams, events CASCADE`);
    await generate(db);
    console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } else {
    // What earlier runs added (the likes and their entries, the stream rounds' entries, sessions) goes.
    await db.execute(sql`DELETE FROM post_likes`);
    await db.execute(sql`DELETE FROM notifications WHERE group_key IS NOT NULL OR dedupe_key IS NOT NULL`);
    await db.execute(sql`DELETE FROM user_sessions`);
    await db.execute(sql`VACUUM ANALYZE notifications, notification_actors, post_likes`);
  }
  // The 'off' owners took likes off (the 'app' ones keep the default).
  await db.execute(sql`DELETE FROM notification_settings`);
  await db.execute(sql`
    INSERT INTO notification_settings (user_id, channels)
    SELECT id, '{"like": "off"}'::jsonb FROM users
    WHERE substr(username, 4)::int BETWEEN ${OFF_OWNERS.from} AND ${OFF_OWNERS.to}`);
  await database.close();
}

await prepare();
if (PREPARE_ONLY) process.exit(0);

const database = await openDatabase({ databaseUrl: dbUrl(NAME), poolSize: 8 });
const db = database.db;
const userIds = await rows<{ id: string; n: number }>(
  db,
  sql`SELECT id, substr(username, 4)::int AS n FROM users ORDER BY substr(username, 4)::int`,
);
const byN = (n: number) => userIds[n - 1].id;

// 1. The unread count and the first page, one signed-in player (100 entries, 15 unread).
const viewer = byN(4_242);
const cookie = `sid=${await createSession(db, viewer)}`;
const MEMORY_FILE = path.join(tmpdir(), `bench-notifications-memory-${process.pid}.json`);
const app = await startApp('bench/notifications-server.mts', [dbUrl(NAME), MEMORY_FILE]);
const READS = [
  { label: 'unread count', path: '/api/notifications/unread-count', statement: unreadCountSql(viewer) },
  { label: 'first page (20)', path: '/api/notifications', statement: pageSql(viewer, {}, 20) },
];
const reads: { label: string; app: Figures; raw: Figures }[] = [];
for (const r of READS) {
  const load = { headers: { cookie } };
  // The app process is new: a longer warm-up than one second, so that its code is compiled.
  for (let i = 0; i < 3; i++) await warm(app.port, r.path, load);
  const a = await measureApp(app.port, r.path, { ...load, seconds: SECONDS });
  const raw = await measureRaw(dbUrl(NAME), r.statement, { seconds: SECONDS });
  reads.push({ label: r.label, app: a, raw });
}
// The first page is kept per player (NOTIFICATIONS_PAGE_CACHE_MS): also with CROWD players asking
// in turn (each player's first ask reads), and from an app with that cache off.
const CROWD = 1_000;
const crowd: string[] = [];
for (let n = 1; n <= CROWD; n++) crowd.push(`sid=${await createSession(db, byN(1_000 + n))}`);
async function crowdPage(port: number): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        path: '/api/notifications',
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: crowd[next++ % CROWD] } }),
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`crowd: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}
const crowdShipped = await crowdPage(app.port);
const uncachedApp = await startApp('bench/notifications-server.mts', [
  dbUrl(NAME),
  '',
  JSON.stringify({ notificationsPageCacheMs: 0 }),
]);
for (let i = 0; i < 3; i++) await warm(uncachedApp.port, '/api/notifications', { headers: { cookie } });
const pageUncached = await measureApp(uncachedApp.port, '/api/notifications', {
  headers: { cookie },
  seconds: SECONDS,
});
const crowdUncached = await crowdPage(uncachedApp.port);
uncachedApp.stop();

// 2. Likes: each request a new (player, post) pair; posts of 'app' owners against 'off' owners.
const likers: string[] = [];
for (let n = 1; n <= LIKERS; n++) likers.push(`sid=${await createSession(db, byN(n))}`);
const postsOf = async (range: { from: number; to: number }) =>
  (
    await rows<{ id: string }>(
      db,
      sql`SELECT p.id FROM posts p JOIN users u ON u.id = p.user_id
          WHERE substr(u.username, 4)::int BETWEEN ${range.from} AND ${range.to} ORDER BY p.id`,
    )
  ).map((r) => r.id);
const likeTargets = { app: await postsOf(APP_OWNERS), off: await postsOf(OFF_OWNERS) };
const likeNext = { app: 0, off: 0 };

async function likes(which: 'app' | 'off', seconds: number): Promise<Figures> {
  const posts = likeTargets[which];
  const result = await autocannon({
    url: `http://127.0.0.1:${app.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const k = likeNext[which]++;
          // Consecutive likes go to different posts (as a feed's do), each (player, post) pair once.
          const post = posts[k % posts.length];
          const liker = likers[Math.floor(k / posts.length) % LIKERS];
          return { ...req, path: `/api/posts/${post}/like`, headers: { ...req.headers, cookie: liker } };
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`likes (${which}): ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}
await likes('off', 1);
await likes('app', 1);
const likeRuns: Record<'app' | 'off', Figures[]> = { app: [], off: [] };
for (let i = 0; i < 2; i++) {
  likeRuns.off.push(await likes('off', SECONDS));
  likeRuns.app.push(await likes('app', SECONDS));
}
const likeEntries = await count(db, `notifications WHERE group_key LIKE 'like:%'`);
const mean = (runs: Figures[]): Figures => ({
  rps: runs.reduce((s, r) => s + r.rps, 0) / runs.length,
  p50: runs.reduce((s, r) => s + r.p50, 0) / runs.length,
  p99: runs.reduce((s, r) => s + r.p99, 0) / runs.length,
});

// 3. 5,000 streams on the one process, one per player.
/** The app process's memory after a full collection (it writes it on SIGUSR2). */
async function memoryOf(pid: number): Promise<NodeJS.MemoryUsage> {
  rmSync(MEMORY_FILE, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100 && !existsSync(MEMORY_FILE); i++) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 50));
  return JSON.parse(readFileSync(MEMORY_FILE, 'utf8'));
}
const streamUsers = userIds.slice(0, STREAMS).map((u) => u.id);
const streamCookies: string[] = [];
for (let i = 0; i < streamUsers.length; i += 50)
  streamCookies.push(
    ...(await Promise.all(
      streamUsers.slice(i, i + 50).map(async (id) => `sid=${await createSession(db, id)}`),
    )),
  );
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
interface Held {
  req: http.ClientRequest;
  /** When the round's entry arrived (performance.now()), per round. */
  arrived: Map<number, number>;
}
let round = -1;
const openStream = (cookieHeader: string) =>
  new Promise<Held>((resolve, reject) => {
    const held: Held = { req: null as unknown as http.ClientRequest, arrived: new Map() };
    held.req = http.get(
      {
        host: '127.0.0.1',
        port: app.port,
        path: '/api/notifications/stream',
        agent,
        headers: { cookie: cookieHeader },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let opened = false;
        res.on('data', (chunk: string) => {
          if (!opened && chunk.includes('event: count')) {
            opened = true;
            resolve(held);
          }
          if (round >= 0 && !held.arrived.has(round) && chunk.includes('event: notification'))
            held.arrived.set(round, performance.now());
        });
      },
    );
    held.req.on('error', reject);
  });
await new Promise((r) => setTimeout(r, 1_000));
const memoryBefore = await memoryOf(app.pid);
const opened0 = performance.now();
const held: Held[] = [];
for (let i = 0; i < streamCookies.length; i += 100)
  held.push(...(await Promise.all(streamCookies.slice(i, i + 100).map(openStream))));
const openSeconds = (performance.now() - opened0) / 1000;
await new Promise((r) => setTimeout(r, 2_000));
const memoryAfter = await memoryOf(app.pid);
rmSync(MEMORY_FILE, { force: true });

const deliveries: { p50: number; p99: number; max: number; write: number }[] = [];
for (round = 0; round < ROUNDS; round++) {
  const t0 = performance.now();
  await notify(
    db,
    { recipientIds: streamUsers, kind: 'event-reminder', dedupeKey: `bench-reminder:${Date.now()}:${round}` },
    { mail: false },
  );
  const write = performance.now() - t0;
  const deadline = Date.now() + 30_000;
  while (held.some((h) => !h.arrived.has(round)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 5));
  const times = held
    .map((h) => (h.arrived.get(round) ?? Number.POSITIVE_INFINITY) - t0)
    .sort((a, b) => a - b);
  deliveries.push({
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: times[times.length - 1],
    write,
  });
  await new Promise((r) => setTimeout(r, 500));
}
for (const h of held) h.req.destroy();
agent.destroy();
app.stop();
await database.close();

console.log(
  `\nnotifications, ${SIZE.users} players / ${ENTRIES} notifications (${SIZE.unread} unread each), ${CONNECTIONS} connections, ${SECONDS} s each`,
);
for (const r of reads) {
  console.log(`  ${r.label}`);
  row('app', r.app);
  row('raw SQL via pg pool', r.raw, 'q/s  ');
  console.log(
    `    ratio app/raw ${(r.app.rps / r.raw.rps).toFixed(2)} (goal >= 0.5); p99 ${f(r.app.p99)} ms (goal <= 25 ms)`,
  );
}
const firstRaw = reads[1].raw;
console.log('  first page (20), the per-player page cache');
row(`as shipped, ${CROWD} players in turn`, crowdShipped, 'req/s', 34);
row('cache off, one player', pageUncached, 'req/s', 34);
row(`cache off, ${CROWD} players in turn`, crowdUncached, 'req/s', 34);
console.log(
  `    ratio app/raw ${(crowdShipped.rps / firstRaw.rps).toFixed(2)} shipped (${CROWD} players), ${(pageUncached.rps / firstRaw.rps).toFixed(2)} cache off; p99 goal <= 25 ms`,
);
const on = mean(likeRuns.app);
const off = mean(likeRuns.off);
console.log(`  POST /api/posts/{id}/like, a new (player, post) pair each, mean of 2 runs each`);
row("owners take likes ('app')", on, 'req/s', 28);
row("owners turned them off ('off')", off, 'req/s', 28);
console.log(
  `    ratio on/off ${(on.rps / off.rps).toFixed(2)} (goal >= 0.8); ${likeEntries} grouped like entries written`,
);
console.log(`  ${STREAMS} streams on one process (opened in ${f(openSeconds)} s)`);
console.log(
  `    memory after a full collection, before -> after: RSS ${f(memoryBefore.rss / 2 ** 20)} -> ${f(memoryAfter.rss / 2 ** 20)} MB, heap ${f(memoryBefore.heapUsed / 2 ** 20)} -> ${f(memoryAfter.heapUsed / 2 ** 20)} MB: per stream ${f((memoryAfter.rss - memoryBefore.rss) / STREAMS / 1024)} KB of RSS, ${f((memoryAfter.heapUsed - memoryBefore.heapUsed) / STREAMS / 1024)} KB of heap`,
);
for (const [i, d] of deliveries.entries())
  console.log(
    `    round ${i + 1}: one notify() of ${STREAMS} players (committed in ${f(d.write)} ms) -> every stream: p50 ${f(d.p50)} ms, p99 ${f(d.p99)} ms, max ${f(d.max)} ms`,
  );
const p99s = deliveries.map((d) => d.p99).sort((a, b) => a - b);
console.log(`    median p99 ${f(p99s[Math.floor(p99s.length / 2)])} ms (goal <= 1000 ms)`);
process.exit(0);
