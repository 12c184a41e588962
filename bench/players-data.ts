import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../server/db/client';
import { rerankGear } from '../server/modules/gear';
import { generate } from './generate';
import { dbUrl, ensureDatabase } from './lib/app';

/** The database `npm run bench:players` fills once and keeps for reruns. */
export const NAME = 'bench_players';

/** 2,000 players and content in proportion (the feed bench's 10k players, scaled down by 5). */
export const SIZE = {
  users: 2_000,
  posts: 20_000,
  likes: 200_000,
  comments: 60_000,
  followsPerUser: 20,
  teams: 100,
  perTeam: 10,
  gear: 2_000,
  ratingsPerItem: 10,
  events: 600,
  registrationsPerEvent: 15,
  news: 200,
  tutorials: 100,
  stores: 150,
  products: 300,
};

/**
 * The session token of player n (bench_n): its SHA-256 is in user_sessions as the auth module
 * stores it (hashToken), so a simulated player is signed in by its cookie alone, without the
 * argon2 cost of a login per player.
 */
export const tokenOf = (n: number) => `bench-players-session-${n}`;

const GEAR_CATEGORIES = ['Rifle', 'Pistol', 'Gear', 'Equipment', 'Tactical Vest', 'Helmet', 'Other'];
const REGIONS = ['Ontario', 'Quebec', 'British Columbia', 'Alberta', 'Manitoba', 'Nova Scotia'];
const list = (values: readonly string[]) => sql.raw(`(ARRAY[${values.map((v) => `'${v}'`).join(',')}])`);

/**
 * Fills the migrated, empty database: generate.ts's players, posts, likes and comments, then
 * follows, teams with members, gear with ratings, events with registrations, news, tutorials,
 * stores and products, and a session per player. All in SQL (generate_series): a few seconds.
 * Runs on one connection (the temporary tables are per connection).
 */
async function fill(db: Db): Promise<void> {
  const { users, posts, likes, comments } = SIZE;
  await generate(db, { users, posts, likes, comments });
  await db.execute(sql`CREATE TEMP TABLE bu AS
    SELECT (regexp_replace(username, '^bench_', ''))::int AS n, id FROM users`);
  await db.execute(sql`CREATE UNIQUE INDEX ON bu (n)`);
  const U = SIZE.users;

  await db.execute(sql`
    INSERT INTO follows (follower_id, following_id)
    SELECT a.id, b.id FROM bu a
    CROSS JOIN generate_series(0, ${SIZE.followsPerUser - 1}) j
    JOIN bu b ON b.n = 1 + ((a.n * 7 + j * 131) % ${U})
    WHERE a.id <> b.id
    ON CONFLICT DO NOTHING`);

  // Teams: each has a leader, two co-leaders and members, players in one team at most.
  await db.execute(sql`
    INSERT INTO teams (name, tagline, location, play_style, is_recruiting, created_by, created_at)
    SELECT 'Bench Team ' || g, 'Generated team ' || g, 'City ' || (g % 24),
           (ARRAY['speedsoft', 'milsim', 'casual', 'competitive'])[1 + g % 4], g % 3 <> 0,
           u.id, now() - (g || ' hours')::interval
    FROM generate_series(1, ${SIZE.teams}) g JOIN bu u ON u.n = (g - 1) * ${SIZE.perTeam} + 1`);
  await db.execute(sql`CREATE TEMP TABLE bt AS
    SELECT (regexp_replace(name, '^Bench Team ', ''))::int AS n, id FROM teams`);
  await db.execute(sql`
    INSERT INTO team_members (team_id, user_id, role, joined_at)
    SELECT t.id, u.id, CASE WHEN j = 0 THEN 'leader' WHEN j <= 2 THEN 'co-leader' ELSE 'member' END,
           now() - ((${SIZE.perTeam} - j) || ' days')::interval
    FROM bt t CROSS JOIN generate_series(0, ${SIZE.perTeam - 1}) j
    JOIN bu u ON u.n = (t.n - 1) * ${SIZE.perTeam} + 1 + j`);

  // Gear: the counters trigger is off for the bulk load, then set-based as bench/gear.mts does.
  await db.execute(sql`ALTER TABLE gear_posts DISABLE TRIGGER gear_rating_progress_post`);
  await db.execute(sql`
    INSERT INTO gear_posts (user_id, title, description, image, category, created_at)
    SELECT u.id, 'Generated gear #' || g, 'A generated item with a line of description.',
           '/objects/images/bench-' || g || '.webp', ${list(GEAR_CATEGORIES)}[1 + g % ${GEAR_CATEGORIES.length}],
           now() - (g || ' minutes')::interval
    FROM generate_series(1, ${SIZE.gear}) g JOIN bu u ON u.n = 1 + (g * 13) % ${U}`);
  await db.execute(sql`ALTER TABLE gear_posts ENABLE TRIGGER gear_rating_progress_post`);
  await db.execute(sql`CREATE TEMP TABLE bg AS
    SELECT (regexp_replace(title, '^Generated gear #', ''))::int AS n, id, user_id FROM gear_posts`);
  await db.execute(sql`ALTER TABLE gear_ratings DISABLE TRIGGER gear_ratings_count`);
  await db.execute(sql`
    INSERT INTO gear_ratings (gear_post_id, user_id, rating)
    SELECT g.id, u.id, least(5, greatest(1, 1 + g.n % 5 + j % 3 - 1))
    FROM bg g CROSS JOIN generate_series(0, ${SIZE.ratingsPerItem - 1}) j
    JOIN bu u ON u.n = 1 + (g.n * 7 + j * 197) % ${U}
    WHERE u.id <> g.user_id
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`ALTER TABLE gear_ratings ENABLE TRIGGER gear_ratings_count`);
  await db.execute(sql`
    UPDATE gear_posts p SET total_ratings = r.n, rating_sum = r.s, average_rating = r.s::float8 / r.n
    FROM (SELECT gear_post_id, count(*)::int AS n, sum(rating)::int AS s FROM gear_ratings GROUP BY 1) r
    WHERE r.gear_post_id = p.id`);
  await db.execute(sql`
    UPDATE gear_rating_stats SET ratings_count = s.n, ratings_sum = s.s
    FROM (SELECT count(*) AS n, coalesce(sum(rating), 0) AS s FROM gear_ratings) s WHERE id = 1`);
  await rerankGear(db, true);

  // Events from half a year ago to a year ahead; the first `capacity` registered, the rest wait.
  await db.execute(sql`
    INSERT INTO events (title, description, date, location, address, lat, lng, type, capacity, url)
    SELECT 'Generated event #' || g, 'A generated game day with a few lines of description.',
           now() - interval '180 days' + (g * (545.0 * 86400 / ${SIZE.events}) || ' seconds')::interval,
           'City ' || (g % 24), g || ' Field Road', 43 + (g % 10) * 0.3, -79 - (g % 7) * 0.4,
           (ARRAY['Local', 'Local', 'Milsim', 'Training'])[1 + g % 4],
           (ARRAY[0, 8, 20, 40, 60, 100, 150])[1 + g % 7], 'https://example.com/events/' || g
    FROM generate_series(1, ${SIZE.events}) g`);
  await db.execute(sql`CREATE TEMP TABLE be AS SELECT row_number() OVER () AS n, id FROM events`);
  await db.execute(sql`
    INSERT INTO event_registrations (event_id, user_id)
    SELECT e.id, u.id FROM be e CROSS JOIN generate_series(0, ${SIZE.registrationsPerEvent - 1}) j
    JOIN bu u ON u.n = 1 + ((e.n * 7 + j * 37) % ${U})`);
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

  await db.execute(sql`
    INSERT INTO news (title, excerpt, content, category, created_at)
    SELECT 'Generated news #' || g, 'What happened at the generated game day ' || g || '.',
           '## Generated news ' || g || E'\n\nA few paragraphs of **markdown**.\n\n- one\n- two',
           (ARRAY['News', 'Reviews', 'Tips', 'Events'])[1 + g % 4], now() - (g || ' hours')::interval
    FROM generate_series(1, ${SIZE.news}) g`);
  await db.execute(sql`
    INSERT INTO tutorials (title, description, content, category, difficulty, duration, type, created_at)
    SELECT 'Generated tutorial #' || g, 'How to do thing ' || g || ' on the field.',
           '## Steps' || E'\n\n1. Prepare\n2. Play\n3. Clean up', 
           (ARRAY['How to Play', 'Equipment', 'Tactics', 'Milsim', 'Maintenance'])[1 + g % 5],
           (ARRAY['Beginner', 'Intermediate', 'Advanced'])[1 + g % 3], (5 + g % 20) || ' min', 'article',
           now() - (g || ' hours')::interval
    FROM generate_series(1, ${SIZE.tutorials}) g`);
  await db.execute(sql`
    INSERT INTO stores (name, website, address, phone, lat, lng, region)
    SELECT 'Bench Store ' || g, 'https://store' || g || '.example.com', g || ' Main Street',
           '(555) 555-' || lpad(g::text, 4, '0'), 43 + (g % 40) * 0.2, -79 - (g % 60) * 0.5,
           ${list(REGIONS)}[1 + g % ${REGIONS.length}]
    FROM generate_series(1, ${SIZE.stores}) g`);
  await db.execute(sql`
    INSERT INTO products (title, description, category, brand, fps, weight, material, magazine_capacity)
    SELECT 'Generated rifle #' || g, 'A generated replica.', 'Rifle', 'Brand ' || (g % 12),
           300 + g % 150, (2 + g % 3) || ' kg', 'Polymer', 30 + g % 300
    FROM generate_series(1, ${SIZE.products}) g`);
  await db.execute(sql`
    INSERT INTO product_sources (product_id, vendor, price, url, currency)
    SELECT p.id, 'Vendor ' || v, 150 + (abs(hashtext(p.id::text)) % 400) + v * 7,
           'https://vendor' || v || '.example.com/p/' || p.id, CASE WHEN v = 1 THEN 'CAD' ELSE 'USD' END
    FROM products p CROSS JOIN generate_series(1, 2) v`);

  await db.execute(sql`
    INSERT INTO user_sessions (user_id, token_hash, expires_at)
    SELECT u.id, encode(sha256(convert_to('bench-players-session-' || u.n, 'UTF8')), 'hex'),
           now() + interval '30 days'
    FROM bu u`);
  await db.execute(sql`DROP TABLE bu; DROP TABLE bt; DROP TABLE bg; DROP TABLE be`);
  await db.execute(sql`VACUUM ANALYZE`);
}

/** What the simulated players pick from: ids and names read once from the filled database. */
export interface Catalog {
  /** Index n - 1 is bench_n. */
  users: { id: string; username: string }[];
  /** The newest posts, newest first (the feed's order): the feed's pages and their cursors. */
  feed: string[];
  teams: string[];
  events: string[];
  /** Events still ahead (players register for these). */
  upcoming: string[];
  products: string[];
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function loadCatalog(db: Db): Promise<Catalog> {
  const ids = async (query: ReturnType<typeof sql>) =>
    (await rowsOf<{ id: string }>(db, query)).map((r) => r.id);
  return {
    users: await rowsOf<{ id: string; username: string }>(
      db,
      sql`SELECT id, username FROM users WHERE username LIKE 'bench\_%'
          ORDER BY (regexp_replace(username, '^bench_', ''))::int`,
    ),
    feed: await ids(sql`SELECT id FROM posts ORDER BY created_at DESC, id DESC LIMIT 2000`),
    teams: await ids(sql`SELECT id FROM teams ORDER BY created_at DESC`),
    events: await ids(sql`SELECT id FROM events ORDER BY date`),
    upcoming: await ids(sql`SELECT id FROM events WHERE date > now() + interval '1 day' ORDER BY date`),
    products: await ids(sql`SELECT id FROM products`),
  };
}

/**
 * Creates and fills the bench database once (kept for reruns: the players' writes add to it),
 * gives every player's session 30 more days, and answers the catalog.
 */
export async function prepareDatabase(): Promise<Catalog> {
  await ensureDatabase(NAME);
  const database = await openDatabase({ databaseUrl: dbUrl(NAME), poolSize: 1 });
  try {
    await database.migrate();
    const count = async (table: string) =>
      (await rowsOf<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0].n;
    if ((await count('users')) !== SIZE.users || (await count('products')) !== SIZE.products) {
      process.stdout.write(`generating ${NAME} (${SIZE.users} players and their content)... `);
      const t0 = Date.now();
      await database.db.execute(sql`TRUNCATE users, posts, teams, gear_posts, events, news, tutorials,
        stores, products, sessions CASCADE`);
      await database.db.execute(
        sql`UPDATE gear_rating_stats SET ratings_count = 0, ratings_sum = 0, ranked_mean = 0`,
      );
      await fill(database.db);
      console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    await database.db.execute(sql`UPDATE user_sessions
      SET created_at = now(), last_seen_at = now(), expires_at = now() + interval '30 days'`);
    return await loadCatalog(database.db);
  } finally {
    await database.close();
  }
}
