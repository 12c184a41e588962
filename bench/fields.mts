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

import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { fieldsQuery } from '../contract';
import { type Db, openDatabase } from '../server/db/client';
import { statementName } from '../server/db/rows';
import { listFieldsSql } from '../server/modules/fields';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const NAME = 'bench_fields';
const FIELDS = 50_000;

const dbUrl = (name: string) => {
  const u = new URL(SERVER);
  u.pathname = `/${name}`;
  return u.toString();
};

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
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [NAME]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${NAME}`);
  await admin.end();
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

interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

async function measureApp(port: number, path: string): Promise<Figures> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path} answered ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The very SQL the endpoint runs, as the same named prepared statement, 32 at a time. */
async function measureRaw(statement: SQL): Promise<Figures> {
  const pool = new pg.Pool({ connectionString: dbUrl(NAME), max: CONNECTIONS });
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
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

async function startApp() {
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/events-server.mts', dbUrl(NAME), '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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

await prepare();
if (process.env.BENCH_PREPARE_ONLY === '1') {
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

const app = await startApp();
const results: { label: string; app: Figures; raw: Figures }[] = [];
for (const page of PAGES) {
  await autocannon({
    url: `http://127.0.0.1:${app.port}${page.path}`,
    connections: CONNECTIONS,
    duration: 1,
  });
  results.push({
    label: page.label,
    app: await measureApp(app.port, page.path),
    raw: await measureRaw(page.statement),
  });
}
app.stop();

const f = (n: number) => n.toFixed(1);
const row = (label: string, m: Figures, unit = 'req/s') =>
  console.log(
    `    ${label.padEnd(22)} ${f(m.rps).padStart(7)} ${unit}, p50 ${f(m.p50)} ms, p99 ${f(m.p99)} ms`,
  );
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
