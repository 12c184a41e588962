/**
 * npm run bench:teams: the teams pages as players load them (anonymous, autocannon, 32
 * connections) against the same statements (listTeamsSql, teamSql, membersSql: the same names,
 * texts and values) through a plain pg pool at the same concurrency, measured in one run, for
 * four pages: the directory with filters (?playStyle=milsim&isRecruiting=true), the directory
 * with a search term (?search=wolf, trigram index), the biggest team's page and its members list.
 * Prints figures and ratios; asserts nothing. BENCH_DATABASE_URL (default
 * postgres://root@127.0.0.1:5432/test) names a server on which it creates (and keeps, for reruns)
 * the database bench_teams: 20k players, 10k teams, 200k memberships, one team of 2,000 members.
 * BENCH_PREPARE_ONLY=1 creates, migrates and fills (or refreshes the statistics of) bench_teams and
 * exits, so that the database is ready before anything is measured.
 */

import { sql } from 'drizzle-orm';
import { teamMembersQuery, teamsQuery } from '../contract';
import { type Db, openDatabase } from '../server/db/client';
import type { Statement } from '../server/db/prepared';
import { listTeamsSql, membersSql, teamSql } from '../server/modules/teams';
import { dbUrl, ensureDatabase, PREPARE_ONLY, SECONDS, startApp } from './lib/app';
import { CONNECTIONS, measureApp, measureRaw, warm } from './lib/pool';
import { type Figures, f, row } from './lib/stats';

const NAME = 'bench_teams';
const SIZE = { users: 20_000, teams: 10_000, perTeam: 19, bigTeam: 2_000 };
/** Leaders (10k) + 19 per team (190k) = 200k memberships, plus the big team's extra 2,000. */
const MEMBERSHIPS = SIZE.teams * (1 + SIZE.perTeam) + SIZE.bigTeam;

const WORDS = [
  'Wolf',
  'Viper',
  'Raven',
  'Ghost',
  'Iron',
  'Storm',
  'Falcon',
  'Shadow',
  'Bear',
  'Hawk',
  'Titan',
  'Echo',
];
const CITIES = [
  'Toronto, ON',
  'Vancouver, BC',
  'Calgary, AB',
  'Austin, TX',
  'Denver, CO',
  'Leeds, UK',
  'Lyon, FR',
];

async function generate(db: Db) {
  const words = sql.raw(`(ARRAY[${WORDS.map((w) => `'${w}'`).join(', ')}])`);
  const cities = sql.raw(`(ARRAY[${CITIES.map((c) => `'${c}'`).join(', ')}])`);
  await db.execute(sql`
    INSERT INTO users (username, email, password, joined_at)
    SELECT 'bench_' || g, 'bench_' || g || '@example.test', 'not-a-hash', now() - (g || ' minutes')::interval
    FROM generate_series(1, ${SIZE.users}) g`);
  await db.execute(sql`
    INSERT INTO teams (name, tagline, location, play_style, is_recruiting, created_at)
    SELECT ${words}[1 + g % 12] || ' ' || ${words}[1 + (g / 12) % 12] || ' #' || g,
           'Generated team ' || g || ', ' || lower(${words}[1 + (g / 7) % 12]) || ' pack',
           ${cities}[1 + g % 7],
           (ARRAY['speedsoft', 'milsim', 'casual', 'competitive'])[1 + g % 4],
           g % 3 <> 0,
           now() - (g || ' hours')::interval
    FROM generate_series(1, ${SIZE.teams}) g`);
  await db.execute(
    sql`CREATE TEMP TABLE bench_users AS SELECT row_number() OVER (ORDER BY joined_at DESC) AS n, id FROM users`,
  );
  await db.execute(
    sql`CREATE TEMP TABLE bench_teams AS SELECT row_number() OVER (ORDER BY created_at DESC) AS n, id FROM teams`,
  );
  // The member counter trigger would update a team row per membership; set the counts once at the end.
  await db.execute(sql`ALTER TABLE team_members DISABLE TRIGGER team_members_count`);
  // Team n: its leader is user 1 + 7n mod U, member j is user 1 + (7n + 131 j) mod U (131 and U coprime: distinct).
  await db.execute(sql`
    INSERT INTO team_members (team_id, user_id, role, joined_at)
    SELECT t.id, u.id, CASE WHEN j = 0 THEN 'leader' WHEN j <= 2 THEN 'co-leader' ELSE 'member' END,
           now() - ((${SIZE.perTeam} - j) || ' minutes')::interval
    FROM bench_teams t
    CROSS JOIN generate_series(0, ${SIZE.perTeam}::int) j
    JOIN bench_users u ON u.n = 1 + ((t.n * 7 + j * 131) % ${SIZE.users})`);
  // The big team (the newest, n = 1) gets 2,000 more.
  await db.execute(sql`
    INSERT INTO team_members (team_id, user_id, joined_at)
    SELECT t.id, u.id, now() - (j || ' seconds')::interval
    FROM bench_teams t
    CROSS JOIN generate_series(${SIZE.perTeam + 1}::int, ${SIZE.perTeam + SIZE.bigTeam}::int) j
    JOIN bench_users u ON u.n = 1 + ((t.n * 7 + j * 131) % ${SIZE.users})
    WHERE t.n = 1`);
  await db.execute(sql`ALTER TABLE team_members ENABLE TRIGGER team_members_count`);
  await db.execute(sql`
    UPDATE teams t SET member_count = c.n
    FROM (SELECT team_id, count(*) AS n FROM team_members GROUP BY team_id) c WHERE c.team_id = t.id`);
  await db.execute(sql`DROP TABLE bench_users; DROP TABLE bench_teams`);
  await db.execute(sql`VACUUM ANALYZE`);
}

const count = async (db: Db, table: string) =>
  (
    (await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0].n;

/** Creates bench_teams when missing or not of this size; answers the big team's id. */
async function prepare(): Promise<string> {
  await ensureDatabase(NAME);
  const database = await openDatabase({ databaseUrl: dbUrl(NAME) });
  await database.migrate();
  let fresh = false;
  if (
    (await count(database.db, 'teams')) !== SIZE.teams ||
    (await count(database.db, 'team_members')) !== MEMBERSHIPS
  ) {
    process.stdout.write(`generating ${NAME} (${SIZE.teams} teams, ${MEMBERSHIPS} memberships)... `);
    const t0 = Date.now();
    await database.db.execute(sql`TRUNCATE users, teams CASCADE`);
    await generate(database.db);
    console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
    fresh = true;
  }
  // An index a migration added (or remade) to a kept database has no statistics for its
  // expressions yet, and index-only scans want the visibility map set: both once, here.
  if (!fresh) await database.db.execute(sql`VACUUM (ANALYZE) teams, team_members`);
  const big = (await database.db.execute(
    sql`SELECT id, member_count FROM teams ORDER BY member_count DESC LIMIT 1`,
  )) as unknown as { rows: { id: string; member_count: number }[] };
  await database.close();
  console.log(`the big team: ${big.rows[0].id}, ${big.rows[0].member_count} members`);
  return big.rows[0].id;
}

const big = await prepare();
if (PREPARE_ONLY) process.exit(0);
const directory = { playStyle: 'milsim', isRecruiting: 'true' };
const search = { search: 'wolf' };
// The statements exactly as the app sends them (named and prepared, or unnamed for a search
// term), for an anonymous viewer (null), as the app runs them for a request without a session.
const database = await openDatabase({ databaseUrl: dbUrl(NAME) });
const PAGES: { label: string; path: string; statement: Statement }[] = [
  {
    label: '?playStyle=milsim&isRecruiting=true',
    path: `/api/teams?${new URLSearchParams(directory)}`,
    statement: listTeamsSql(database.db, teamsQuery.parse(directory), null),
  },
  {
    label: '?search=wolf',
    path: `/api/teams?${new URLSearchParams(search)}`,
    statement: listTeamsSql(database.db, teamsQuery.parse(search), null),
  },
  { label: 'the big team', path: `/api/teams/${big}`, statement: teamSql(database.db, big, null) },
  {
    label: 'its members (first 20)',
    path: `/api/teams/${big}/members`,
    statement: membersSql(database.db, big, teamMembersQuery.parse({}), null),
  },
];
await database.close();

const app = await startApp('bench/events-server.mts', [dbUrl(NAME), '0']);
const results: { label: string; app: Figures; raw: Figures }[] = [];
for (const page of PAGES) {
  await warm(app.port, page.path);
  const a = await measureApp(app.port, page.path, { seconds: SECONDS });
  const raw = await measureRaw(dbUrl(NAME), page.statement, { seconds: SECONDS });
  results.push({ label: page.label, app: a, raw });
}
app.stop();

console.log(
  `\nteams, ${SIZE.users} players / ${SIZE.teams} teams / ${MEMBERSHIPS} memberships (one team of ${SIZE.bigTeam + SIZE.perTeam + 1}), anonymous, ${CONNECTIONS} connections, ${SECONDS} s each`,
);
for (const r of results) {
  console.log(`  ${r.label}`);
  row('app', r.app);
  row('raw SQL via pg pool', r.raw, 'q/s  ');
  console.log(
    `    ratio app/raw ${(r.app.rps / r.raw.rps).toFixed(2)} (goal >= 0.5); p99 ${f(r.app.p99)} ms (goal <= 25 ms)`,
  );
}
