/**
 * npm run bench:fields: GET /api/fields?near= (the nearest page within 500 km, from fields_near_idx,
 * widening 25, 50, 100, 150, 250 km until a page fills)
 * against the plain list (GET /api/fields, by name), anonymous, autocannon, 32 connections, each
 * beside the same SQL (listFieldsSql) through a plain pg pool. Goal: near within 2x of the plain
 * list. Prints figures and ratios; asserts nothing. BENCH_DATABASE_URL (default
 * postgres://root@127.0.0.1:5432/test) names a server on which it creates (and keeps, for reruns)
 * the database bench_fields: 50k fields spread over North America. BENCH_PREPARE_ONLY=1 only creates
 * and fills that database, then stops (to look at plans with EXPLAIN).
 */

import { type SQL, sql } from 'drizzle-orm';
import { fieldsQuery } from '../contract';
import { type Db, openDatabase } from '../server/db/client';
import { listFieldsSql } from '../server/modules/fields';
import { dbUrl, ensureDatabase, PREPARE_ONLY, SECONDS, startApp } from './lib/app';
import { CONNECTIONS, measureApp, measureRaw, warm } from './lib/pool';
import { type Figures, f, row } from './lib/stats';

const NAME = 'bench_fields';
const FIELDS = 50_000;

/** 50k fields: lat 25..55, lng -125..-65 (a deterministic scatter), five types, a tenth rated. */
async function generate(db: Db) {
  await db.execute(sql`
    INSERT INTO fields (name, type, address, lat, lng, phone, verified, rating, rating_count, rating_sum)
    SELECT 'Field ' || g,
           (ARRAY['Outdoor woodland', 'Outdoor scenario', 'Outdoor milsim', 'Indoor CQB', 'Urban'])[1 + g % 5],
           g || ' Range Rd, Somewhere, ON',
           25 + ((g::bigint * 7919) % 30000) / 1000.0,
           -125 + ((g::bigint * 104729) % 60000) / 1000.0,
           '(555) 555-' || lpad((g % 10000)::text, 4, '0'),
           g % 3 = 0,
           CASE WHEN g % 10 = 0 THEN 3.5 + (g % 15) / 10.0 END,
           CASE WHEN g % 10 = 0 THEN 4 ELSE 0 END,
           CASE WHEN g % 10 = 0 THEN 16 ELSE 0 END
    FROM generate_series(1, ${FIELDS}) g`);
  await db.execute(sql`VACUUM ANALYZE fields`);
}

async function prepare() {
  await ensureDatabase(NAME);
  const database = await openDatabase({ databaseUrl: dbUrl(NAME) });
  await database.migrate();
  const n = (
    (await database.db.execute(sql`SELECT count(*)::int AS n FROM fields`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0].n;
  if (n !== FIELDS) {
    process.stdout.write(`generating ${NAME} (${FIELDS} fields)... `);
    const t0 = Date.now();
    await database.db.execute(sql`TRUNCATE fields CASCADE`);
    await generate(database.db);
    console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  await database.close();
}

await prepare();
if (PREPARE_ONLY) {
  console.log(`${NAME} is ready; BENCH_PREPARE_ONLY=1, nothing measured`);
  process.exit(0);
}
const plain = {};
const near = { near: '43.65,-79.38' };
const PAGES: { label: string; path: string; statement: SQL }[] = [
  {
    label: 'plain list (by name)',
    path: '/api/fields',
    statement: listFieldsSql(fieldsQuery.parse(plain), null),
  },
  {
    label: '?near=43.65,-79.38',
    path: `/api/fields?${new URLSearchParams(near)}`,
    statement: listFieldsSql(fieldsQuery.parse(near), null),
  },
];

const app = await startApp('bench/events-server.mts', [dbUrl(NAME), '0']);
const results: { label: string; app: Figures; raw: Figures }[] = [];
for (const page of PAGES) {
  await warm(app.port, page.path);
  results.push({
    label: page.label,
    app: await measureApp(app.port, page.path, { seconds: SECONDS }),
    raw: await measureRaw(dbUrl(NAME), page.statement, { seconds: SECONDS }),
  });
}
app.stop();

console.log(`\nfields, ${FIELDS} fields, anonymous, ${CONNECTIONS} connections, ${SECONDS} s each`);
for (const r of results) {
  console.log(`  ${r.label}`);
  row('app', r.app);
  row('raw SQL via pg pool', r.raw, 'q/s  ');
  console.log(`    ratio app/raw ${(r.app.rps / r.raw.rps).toFixed(2)}`);
}
const [p, n] = results;
console.log(
  `\nnear against the plain list: ${(p.app.rps / n.app.rps).toFixed(2)}x the time per request (throughput ${f(p.app.rps)} vs ${f(n.app.rps)} req/s; goal within 2x), p99 ${f(n.app.p99)} vs ${f(p.app.p99)} ms`,
);
