/**
 * npm run bench:gear: gear rating at scale (issue 13), app (autocannon, 32 connections) against
 * the same SQL (toRateSql, topRatedSql, as the same named prepared statements) through a plain pg
 * pool at the same concurrency, in one run: GET /api/gear/to-rate for a player who has rated the
 * 5,000 newest items (the worst case: every one of them is passed over before the first to rate),
 * and GET /api/gear/top-rated (anonymous). Prints figures and ratios; asserts nothing.
 * BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/test) names a server on which it
 * creates (and keeps, for reruns) the database bench_gear: 10k players, 100k gear posts, 1M ratings,
 * and bench_1's rated block (decision 017) built by the service's own extension code.
 * BENCH_PREPARE_ONLY=1 fills the database (and the block) and exits without measuring.
 */

import { type SQL, sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../server/db/client';
import { createSession } from '../server/modules/auth';
import { extendRatedBlock, rerankGear, topRatedSql, toRateSql } from '../server/modules/gear';
import { dbUrl, ensureDatabase, PREPARE_ONLY, SECONDS, startApp } from './lib/app';
import { CONNECTIONS, measureApp, measureRaw, warm } from './lib/pool';
import { type Figures, row } from './lib/stats';

const NAME = 'bench_gear';
const SIZE = { users: 10_000, gear: 100_000, ratings: 1_000_000, rated: 5_000 };
const LIMIT = 20;
const CATEGORIES = [
  'Rifle',
  'Pistol',
  'Gear',
  'Equipment',
  'Accessories',
  'Tactical Vest',
  'Helmet',
  'Other',
];

/**
 * 10k players (bench_1 is the rater), 100k items (newest is #1), about 995k ratings by the other
 * players (10 an item, never the owner's) and bench_1's 5,000 on the newest items. The counters
 * trigger is off for the bulk load; the counters, the stats row and the weighted ratings are then
 * computed set-based, as migration 0017 does, and re-ranked as the service would.
 */
async function generate(db: Db) {
  await db.execute(sql`
    INSERT INTO users (username, email, password, joined_at)
    SELECT 'bench_' || g, 'bench_' || g || '@example.test', 'not-a-hash', now() - (g || ' minutes')::interval
    FROM generate_series(1, ${SIZE.users}) g`);
  await db.execute(sql`ALTER TABLE gear_posts DISABLE TRIGGER gear_rating_progress_post`);
  await db.execute(sql`CREATE TEMP TABLE bench_users AS
    SELECT (regexp_replace(username, '^bench_', ''))::int AS n, id FROM users`);
  await db.execute(sql`CREATE UNIQUE INDEX ON bench_users (n)`);
  await db.execute(sql`
    INSERT INTO gear_posts (user_id, title, description, image, category, created_at)
    SELECT u.id, 'Generated gear #' || g, 'A generated item with a line of description.',
           '/objects/images/bench-' || g || '.webp',
           (${sql.raw(`ARRAY[${CATEGORIES.map((c) => `'${c}'`).join(',')}]`)})[1 + g % 8],
           now() - (g || ' minutes')::interval
    FROM generate_series(1, ${SIZE.gear}) g
    JOIN bench_users u ON u.n = 2 + (g * 13) % ${SIZE.users - 1}`);
  await db.execute(sql`ALTER TABLE gear_posts ENABLE TRIGGER gear_rating_progress_post`);
  await db.execute(sql`CREATE TEMP TABLE bench_gear AS
    SELECT (regexp_replace(title, '^Generated gear #', ''))::int AS n, id, user_id FROM gear_posts`);
  await db.execute(sql`ALTER TABLE gear_ratings DISABLE TRIGGER gear_ratings_count`);
  const perItem = Math.round((SIZE.ratings - SIZE.rated) / SIZE.gear);
  await db.execute(sql`
    INSERT INTO gear_ratings (gear_post_id, user_id, rating)
    SELECT g.id, u.id, least(5, greatest(1, 1 + g.n % 5 + j % 3 - 1))
    FROM bench_gear g
    CROSS JOIN generate_series(0, ${perItem - 1}) j
    JOIN bench_users u ON u.n = 2 + (g.n * 7 + j * 997) % ${SIZE.users - 1}
    WHERE u.id <> g.user_id`);
  await db.execute(sql`
    INSERT INTO gear_ratings (gear_post_id, user_id, rating)
    SELECT g.id, u.id, 1 + g.n % 5 FROM bench_gear g JOIN bench_users u ON u.n = 1
    WHERE g.n <= ${SIZE.rated}`);
  await db.execute(sql`ALTER TABLE gear_ratings ENABLE TRIGGER gear_ratings_count`);
  await db.execute(sql`
    UPDATE gear_posts p SET total_ratings = r.n, rating_sum = r.s, average_rating = r.s::float8 / r.n
    FROM (SELECT gear_post_id, count(*)::int AS n, sum(rating)::int AS s FROM gear_ratings GROUP BY 1) r
    WHERE r.gear_post_id = p.id`);
  await db.execute(sql`
    UPDATE gear_rating_stats SET ratings_count = s.n, ratings_sum = s.s
    FROM (SELECT count(*) AS n, coalesce(sum(rating), 0) AS s FROM gear_ratings) s WHERE id = 1`);
  await rerankGear(db, true);
  await db.execute(sql`DROP TABLE bench_users; DROP TABLE bench_gear`);
  await db.execute(sql`VACUUM ANALYZE`);
}

const one = async <T,>(db: Db, q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows[0];

/**
 * bench_1's rated block (decision 017), when it has none: started at its newest rated item and
 * extended by the service's own code (extendRatedBlock, RATED_BLOCK_STEP_CAP posts a call each
 * way) until it stops moving, as if it had rated them one by one through the API.
 */
async function buildBlock(db: Db, viewerId: string) {
  const has = await one<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM gear_rating_progress WHERE user_id = ${viewerId}::uuid`,
  );
  if (has.n === 0) {
    const newest = await one<{ id: string }>(
      db,
      sql`SELECT g.id FROM gear_ratings r JOIN gear_posts g ON g.id = r.gear_post_id
        WHERE r.user_id = ${viewerId}::uuid ORDER BY g.created_at DESC, g.id DESC LIMIT 1`,
    );
    let calls = 1;
    while (await db.transaction((tx) => extendRatedBlock(tx as unknown as Db, viewerId, newest.id))) calls++;
    process.stdout.write(`bench_1's block built in ${calls} extensions; `);
  }
  const size = await one<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM gear_rating_progress p JOIN gear_posts g
      ON (g.created_at, g.id) BETWEEN (p.bottom_created_at, p.bottom_id) AND (p.top_created_at, p.top_id)
      WHERE p.user_id = ${viewerId}::uuid`,
  );
  console.log(`bench_1's block holds the ${size.n} newest posts`);
}

async function prepare(): Promise<{ cookie: string; viewerId: string }> {
  await ensureDatabase(NAME);
  const database = await openDatabase({ databaseUrl: dbUrl(NAME) });
  await database.migrate();
  const n = async (table: string) =>
    (await one<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`)).n;
  if ((await n('gear_posts')) !== SIZE.gear || (await n('gear_ratings')) < SIZE.ratings * 0.99) {
    process.stdout.write(`generating ${NAME} (${JSON.stringify(SIZE)})... `);
    const t0 = Date.now();
    await database.db.execute(sql`TRUNCATE users, gear_posts CASCADE`);
    await database.db.execute(
      sql`UPDATE gear_rating_stats SET ratings_count = 0, ratings_sum = 0, ranked_mean = 0`,
    );
    await generate(database.db);
    console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const viewer = await one<{ id: string }>(database.db, sql`SELECT id FROM users WHERE username = 'bench_1'`);
  const rated = await one<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM gear_ratings WHERE user_id = ${viewer.id}::uuid`,
  );
  const total = await n('gear_ratings');
  console.log(`bench_1 has rated ${rated.n} items; ${total} ratings in all`);
  await buildBlock(database.db, viewer.id);
  const token = await createSession(database.db, viewer.id);
  await database.close();
  return { cookie: `sid=${token}`, viewerId: viewer.id };
}

const { cookie, viewerId } = await prepare();
if (PREPARE_ONLY) process.exit(0);
const PAGES = [
  {
    label: 'to-rate (rated the 5,000 newest)',
    path: `/api/gear/to-rate?limit=${LIMIT}`,
    cookie,
    raw: toRateSql(viewerId, { limit: LIMIT }),
  },
  {
    label: 'top-rated',
    path: `/api/gear/top-rated?limit=${LIMIT}`,
    raw: topRatedSql(null, { limit: LIMIT }),
  },
  {
    label: 'top-rated ?category=Helmet',
    path: `/api/gear/top-rated?limit=${LIMIT}&category=Helmet`,
    raw: topRatedSql(null, { limit: LIMIT, category: 'Helmet' }),
  },
];
const app = await startApp('bench/gear-server.mts', [dbUrl(NAME)]);
const results: { label: string; app: Figures; raw: Figures }[] = [];
for (const page of PAGES) {
  const headers: Record<string, string> = page.cookie ? { cookie: page.cookie } : {};
  await warm(app.port, page.path, { headers });
  const a = await measureApp(app.port, page.path, { seconds: SECONDS, headers });
  const raw = await measureRaw(dbUrl(NAME), page.raw, { seconds: SECONDS });
  results.push({ label: page.label, app: a, raw });
}
app.stop();

console.log(
  `\ngear, ${SIZE.users} players / ${SIZE.gear} gear posts / ${SIZE.ratings} ratings, ${CONNECTIONS} connections, ${SECONDS} s each`,
);
for (const r of results) {
  console.log(`  ${r.label}`);
  row('app', r.app);
  row('raw SQL via pg pool', r.raw, 'q/s  ');
  console.log(`    ratio app/raw ${(r.app.rps / r.raw.rps).toFixed(2)} (goal >= 0.5); p99 goal <= 25 ms`);
}
