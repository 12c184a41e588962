/**
 * npm run bench:players: many players at once (issue 22). The built app as production runs it
 * (`node --import tsx server/main.ts`, NODE_ENV=production, a primary and WEB_CONCURRENCY workers
 * on PostgreSQL) under an open-loop mixed workload: N players online, each visiting a page after
 * an exponential think time (mean 10 s), sessions of about 20 visits, 70 % signed out; every
 * request is planned before the step starts and its latency counts from its planned time (no
 * coordinated omission); a request not answered within 10 s is an error (timeout). Ramps
 * BENCH_STEPS players (default 1000,2000,5000,10000), each for BENCH_SECONDS (default 30) after
 * BENCH_WARMUP seconds (default 5) not counted, and prints per step and route class the rate,
 * p50/p95/p99 and errors, the CPU of the app (primary and workers), of PostgreSQL and of this
 * load generator, and the knee: the largest step with p99 <= 100 ms and no error.
 *
 * BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/test) names the server on which it
 * creates and keeps the database bench_players (2,000 players and their content, bench/players-data.ts).
 * BENCH_WORKERS sets WEB_CONCURRENCY (unset: the app's default, one per core). The app logs at
 * BENCH_LOG_LEVEL (default warn). BENCH_CPU_PROF=<dir> runs the app with --cpu-prof and prints
 * the top self-time functions of the busiest process during step BENCH_PROF_STEP (default 2000).
 * Asserts nothing; not part of npm test.
 */

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import pg from 'pg';
import { dbUrl, PREPARE_ONLY, SERVER } from './lib/app';
import { cpuBetween, cpuOf, machineCpu, processesNamed, processTree, procStat } from './lib/cpu';
import { summarize } from './lib/cpuprof';
import { percentile } from './lib/stats';
import { NAME, prepareDatabase } from './players-data';
import { assetsOf, CLASSES, cookieOf, type Planned, plan, type RouteClass } from './players-workload';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STEPS = (process.env.BENCH_STEPS ?? '1000,2000,5000,10000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const WORKERS = process.env.BENCH_WORKERS;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1024);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const CPU_PROF = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
const PROF_STEP = Number(process.env.BENCH_PROF_STEP ?? 2000);
const SEED = Number(process.env.BENCH_SEED ?? 22);
const TIMEOUT_MS = 10_000;
const GOAL_P99_MS = 100;

// ---------------------------------------------------------------------------------------------
// The app, started as production does

function ensureBuilt() {
  const web = path.join(root, 'dist', 'web', 'index.html');
  const renderer = path.join(root, 'dist', 'web-ssr', 'prerender.js');
  if (existsSync(web) && existsSync(renderer)) return;
  console.log('dist/web is missing: npm run build');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });

async function startServer() {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    RATE_LIMITS: 'off',
    LOG_LEVEL,
    SEED_DEMO: '0',
    SESSION_SECRET: 'bench-players-secret-bench-players-secret',
    DATABASE_URL: dbUrl(NAME),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: '/tmp/bench-players-data',
  };
  if (WORKERS) env.WEB_CONCURRENCY = WORKERS;
  else delete env.WEB_CONCURRENCY;
  const flags = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
  if (CPU_PROF) mkdirSync(CPU_PROF, { recursive: true });
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Whatever ends this process (an error, Ctrl-C, a timeout's SIGTERM) ends the app too.
  process.on('exit', () => child.kill('SIGTERM'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const until = Date.now() + 120_000;
  for (;;) {
    if (gone) throw new Error('the app exited before answering /api/health');
    if (Date.now() > until) throw new Error('the app did not answer /api/health within 2 minutes');
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = child.pid ?? 0;
  return {
    port,
    pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// CPU: the app's process tree, PostgreSQL's processes (this database's backends and the server's
// own processes, not other databases' backends), this process

async function otherBackends(admin: pg.Client): Promise<Set<number>> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
     WHERE backend_type = 'client backend' AND (datname IS DISTINCT FROM $1 OR pid = pg_backend_pid())`,
    [NAME],
  );
  return new Set(rows.map((r) => r.pid));
}

interface Reading {
  app: Map<number, number>;
  pg: Map<number, number>;
  self: NodeJS.CpuUsage;
  machine: { busy: number; total: number };
  load: number;
  hrUs: number;
}

const read = (appPid: number): Reading => ({
  app: cpuOf(processTree(appPid)),
  pg: cpuOf(processesNamed('postgres')),
  self: process.cpuUsage(),
  machine: machineCpu(),
  load: loadavg()[0],
  hrUs: Number(process.hrtime.bigint() / 1000n),
});

// ---------------------------------------------------------------------------------------------
// A step: the plan, sent on time

/** A path with its ids and query left out, to name a route in the errors. */
const routeOf = (p: string) =>
  p
    .split('?')[0]
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
    .replace(/^\/(profile|api\/profile)\/[^/]+/, '/$1/:username');

/** An answer's text, decompressed as its Content-Encoding says. */
const decoded = (body: Buffer, encoding: string | undefined) =>
  (encoding === 'br'
    ? zlib.brotliDecompressSync(body)
    : encoding === 'gzip'
      ? zlib.gunzipSync(body)
      : encoding === 'deflate'
        ? zlib.inflateSync(body)
        : body
  ).toString('utf8');

interface ClassFigures {
  latencies: number[];
  errors: Map<string, number>;
}

interface StepResult {
  players: number;
  classes: Map<RouteClass, ClassFigures>;
  all: number[];
  errors: number;
  lag: number[];
  cpu: { app: number; pg: number; self: number; machine: number; others: number };
  /** Each app process's CPU (cores), the primary first. */
  perProcess: number[];
  load: [number, number];
  window: [number, number];
}

async function runStep(
  players: number,
  port: number,
  appPid: number,
  agent: http.Agent,
  admin: pg.Client,
  catalog: Awaited<ReturnType<typeof prepareDatabase>>,
  assets: string[],
): Promise<StepResult> {
  const windowStart = WARMUP * 1000;
  const windowEnd = (WARMUP + SECONDS) * 1000;
  const requests = plan(players, windowEnd, catalog, assets, SEED + players);
  const classes = new Map<RouteClass, ClassFigures>(
    CLASSES.map((c) => [c, { latencies: [], errors: new Map() }]),
  );
  const lag: number[] = [];
  const origin = `http://127.0.0.1:${port}`;
  let inflight = 0;
  let planned = 0;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((r) => {
    resolveDone = r;
  });
  const t0 = performance.now() + 100;

  const finish = (r: Planned, outcome: string | null) => {
    if (r.at >= windowStart && r.at < windowEnd) {
      const figures = classes.get(r.cls) as ClassFigures;
      if (outcome === null) figures.latencies.push(performance.now() - (t0 + r.at));
      else figures.errors.set(outcome, (figures.errors.get(outcome) ?? 0) + 1);
    }
    inflight--;
    if (inflight === 0 && planned === requests.length) resolveDone();
  };

  const send = (r: Planned) => {
    const sentAt = performance.now();
    if (r.at >= windowStart && r.at < windowEnd) lag.push(sentAt - (t0 + r.at));
    const headers: http.OutgoingHttpHeaders = {
      'user-agent': r.player.ua,
      'accept-encoding': 'gzip, deflate, br',
      accept: r.cls.startsWith('html') ? 'text/html' : '*/*',
    };
    const cookie = cookieOf(r.player);
    if (cookie) headers.cookie = cookie;
    if (r.method !== 'GET') headers.origin = origin;
    if (r.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(r.body);
    }
    let settled = false;
    const settle = (outcome: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish(r, outcome);
    };
    const req = http.request(
      { agent, host: '127.0.0.1', port, method: r.method, path: r.path, headers },
      (res) => {
        const status = res.statusCode ?? 0;
        if (r.cls === 'page-view' && !r.player.aid) {
          const set = res.headers['set-cookie']?.find((c) => c.startsWith('aid='));
          if (set) r.player.aid = set.slice(4, set.indexOf(';') > 0 ? set.indexOf(';') : undefined);
        }
        const chunks: Buffer[] | null = r.next && status < 300 ? [] : null;
        res.on('data', (c: Buffer) => chunks?.push(c));
        res.on('end', () => {
          settle(status >= 400 ? `${status} ${r.method} ${routeOf(r.path)}` : null);
          if (chunks && r.next) {
            let made: ReturnType<NonNullable<Planned['next']>['make']> = null;
            try {
              made = r.next.make(decoded(Buffer.concat(chunks), res.headers['content-encoding']));
            } catch {
              made = null;
            }
            if (made) later({ ...made, at: r.at + r.next.delay, player: r.player });
          }
        });
        res.on('error', () => settle('reset'));
      },
    );
    const timer = setTimeout(
      () => {
        settle('timeout');
        req.destroy();
      },
      Math.max(0, t0 + r.at + TIMEOUT_MS - performance.now()),
    );
    req.on('error', () => settle('reset'));
    req.end(r.body);
  };

  // A request made from an answer: sent at its planned time, or at once when that has passed.
  const later = (r: Planned) => {
    inflight++;
    setTimeout(() => send(r), Math.max(0, t0 + r.at - performance.now()));
  };

  let before: Reading | null = null;
  let after: Reading | null = null;
  let excluded = new Set<number>();
  setTimeout(
    () => {
      before = read(appPid);
      void otherBackends(admin).then((s) => {
        excluded = new Set([...excluded, ...s]);
      });
    },
    Math.max(0, t0 + windowStart - performance.now()),
  );
  setTimeout(
    () => {
      after = read(appPid);
      void otherBackends(admin).then((s) => {
        excluded = new Set([...excluded, ...s]);
      });
    },
    Math.max(0, t0 + windowEnd - performance.now()),
  );

  const tick = () => {
    const now = performance.now() - t0;
    while (planned < requests.length && requests[planned].at <= now) {
      inflight++;
      send(requests[planned++]);
    }
    if (planned < requests.length) setTimeout(tick, Math.max(0, Math.min(requests[planned].at - now, 20)));
    else if (inflight === 0) resolveDone();
  };
  setTimeout(tick, 100);
  await done;
  // The window's end reading is taken on time even when the step drains early.
  while (!after) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 100));
  const b = before as unknown as Reading;
  const a = after as unknown as Reading;
  const keep = (m: Map<number, number>) => new Map([...m].filter(([pid]) => !excluded.has(pid)));
  const app = cpuBetween(b.app, a.app) / SECONDS;
  const pgCpu = cpuBetween(keep(b.pg), keep(a.pg)) / SECONDS;
  const self = (a.self.user + a.self.system - b.self.user - b.self.system) / 1e6 / SECONDS;
  const machine = (a.machine.busy - b.machine.busy) / SECONDS;
  const all: number[] = [];
  let errors = 0;
  for (const f of classes.values()) {
    f.latencies.sort((x, y) => x - y);
    all.push(...f.latencies);
    for (const n of f.errors.values()) errors += n;
  }
  all.sort((x, y) => x - y);
  lag.sort((x, y) => x - y);
  return {
    players,
    classes,
    all,
    errors,
    lag,
    cpu: { app, pg: pgCpu, self, machine, others: Math.max(0, machine - app - pgCpu - self) },
    perProcess: [...a.app]
      .filter(([pid]) => procStat(pid)?.comm === 'node')
      .map(([pid, cpu]) => (cpu - (b.app.get(pid) ?? 0)) / SECONDS),
    load: [b.load, a.load],
    window: [b.hrUs, a.hrUs],
  };
}

// ---------------------------------------------------------------------------------------------
// Printing

const ms = (v: number | undefined) =>
  v === undefined ? '-' : v < 10 ? v.toFixed(1) : Math.round(v).toString();
const pct = (sorted: number[], q: number) => (sorted.length ? percentile(sorted, q) : undefined);

function printStep(r: StepResult) {
  const asked = (r.all.length + r.errors) / SECONDS;
  console.log(
    `\n${r.players} players: ${asked.toFixed(0)} requests/s asked, ${(r.all.length / SECONDS).toFixed(0)}/s answered; ` +
      `load average ${r.load[0].toFixed(2)} -> ${r.load[1].toFixed(2)}`,
  );
  console.log(
    `  ${'route class'.padEnd(14)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)}  errors`,
  );
  const line = (label: string, latencies: number[], errors: Map<string, number> | number) => {
    const n = typeof errors === 'number' ? errors : [...errors.values()].reduce((a, b) => a + b, 0);
    const kinds =
      typeof errors === 'number' || n === 0
        ? ''
        : ` (${[...errors].map(([k, v]) => `${k} ${v}`).join(', ')})`;
    console.log(
      `  ${label.padEnd(14)} ${((latencies.length + n) / SECONDS).toFixed(1).padStart(7)} ${ms(pct(latencies, 0.5)).padStart(6)} ${ms(pct(latencies, 0.95)).padStart(6)} ${ms(pct(latencies, 0.99)).padStart(6)}  ${n}${kinds}`,
    );
  };
  for (const [cls, f] of r.classes)
    if (f.latencies.length + f.errors.size > 0) line(cls, f.latencies, f.errors);
  line('all', r.all, r.errors);
  const c = r.cpu;
  const split = r.perProcess.length > 1 ? ` (${r.perProcess.map((v) => v.toFixed(2)).join(' + ')})` : '';
  console.log(
    `  CPU (cores of 2): app ${c.app.toFixed(2)}${split}, PostgreSQL ${c.pg.toFixed(2)}, load generator ${c.self.toFixed(2)}, ` +
      `others ${c.others.toFixed(2)} (machine busy ${c.machine.toFixed(2)}); send lag p99 ${ms(pct(r.lag, 0.99))} ms, max ${ms(r.lag.at(-1))} ms`,
  );
}

const meetsGoal = (r: StepResult) => r.errors === 0 && (pct(r.all, 0.99) ?? Infinity) <= GOAL_P99_MS;

function printSummary(results: StepResult[], workers: string) {
  console.log(
    `\nSummary (${workers}; ${SECONDS} s a step after ${WARMUP} s of warm-up; ms from the planned time):`,
  );
  console.log(
    '| players | asked/s | answered/s | p50 | p95 | p99 | errors | app CPU | PostgreSQL CPU | generator CPU | others | load avg |',
  );
  console.log(
    '| ------: | ------: | ---------: | --: | --: | --: | -----: | ------: | -------------: | ------------: | -----: | -------: |',
  );
  for (const r of results) {
    const c = r.cpu;
    console.log(
      `| ${r.players} | ${((r.all.length + r.errors) / SECONDS).toFixed(0)} | ${(r.all.length / SECONDS).toFixed(0)} | ${ms(pct(r.all, 0.5))} | ${ms(pct(r.all, 0.95))} | ${ms(pct(r.all, 0.99))} | ${r.errors} | ${c.app.toFixed(2)} | ${c.pg.toFixed(2)} | ${c.self.toFixed(2)} | ${c.others.toFixed(2)} | ${r.load[0].toFixed(1)}-${r.load[1].toFixed(1)} |`,
    );
  }
  const knee = results.filter(meetsGoal).at(-1);
  console.log(
    knee
      ? `\nknee: ${knee.players} players (the largest step with p99 <= ${GOAL_P99_MS} ms and no error)`
      : `\nknee: below ${results[0]?.players} players (no step with p99 <= ${GOAL_P99_MS} ms and no error)`,
  );
}

function printProfile(dir: string, since: number, window: [number, number] | null) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).mtimeMs >= since);
  if (files.length === 0) {
    console.log(`\nno CPU profile written in ${dir}`);
    return;
  }
  const summaries = files.map((f) => ({ f, s: summarize(f, window?.[0], window?.[1], 25) }));
  summaries.sort((a, b) => b.s.busyMs - a.s.busyMs);
  console.log(
    `\nCPU profiles (${window ? `step ${PROF_STEP}'s measured window` : 'whole run'}): ` +
      summaries.map(({ f, s }) => `${path.basename(f)} busy ${(s.busyMs / 1000).toFixed(1)} s`).join(', '),
  );
  const { f, s } = summaries[0];
  console.log(`top self time of ${path.basename(f)} (share of its busy time):`);
  for (const t of s.top)
    console.log(
      `  ${(t.share * 100).toFixed(1).padStart(5)} %  ${t.ms.toFixed(0).padStart(6)} ms  ${t.name}`,
    );
  console.log('self time by place:');
  for (const t of s.byPlace)
    console.log(
      `  ${(t.share * 100).toFixed(1).padStart(5)} %  ${t.ms.toFixed(0).padStart(6)} ms  ${t.name}`,
    );
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const catalog = await prepareDatabase();
  console.log(
    `${NAME}: ${catalog.users.length} players, ${catalog.teams.length} teams, ${catalog.events.length} events (${catalog.upcoming.length} ahead), ${catalog.products.length} products`,
  );
  if (PREPARE_ONLY) return;
  ensureBuilt();
  const startedAt = Date.now();
  const app = await startServer();
  const tree = processTree(app.pid).filter((pid) => procStat(pid)?.comm === 'node');
  const workers =
    tree.length > 1 ? `a primary and ${tree.length - 1} workers` : 'one process (WEB_CONCURRENCY=1)';
  console.log(
    `app up on port ${app.port}: ${workers}; NODE_ENV=production, RATE_LIMITS=off, LOG_LEVEL=${LOG_LEVEL}, ` +
      `${SOCKETS} keep-alive sockets, timeout ${TIMEOUT_MS / 1000} s`,
  );
  // FIFO: every pooled connection takes its turn, as many players' own connections would (the
  // cluster hands out connections, not requests; LIFO kept a few hot sockets, mostly on one worker).
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: SOCKETS,
    maxFreeSockets: SOCKETS,
    scheduling: 'fifo',
  });
  const html = await fetch(`http://127.0.0.1:${app.port}/`).then((r) => r.text());
  const assets = assetsOf(html);
  console.log(`first visit: / and ${assets.join(', ')}`);
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const results: StepResult[] = [];
  let profileWindow: [number, number] | null = null;
  try {
    for (const players of STEPS) {
      const r = await runStep(players, app.port, app.pid, agent, admin, catalog, assets);
      printStep(r);
      results.push(r);
      if (players === PROF_STEP) profileWindow = r.window;
    }
  } finally {
    await admin.end();
    agent.destroy();
    await app.stop();
  }
  printSummary(results, workers);
  if (CPU_PROF) printProfile(CPU_PROF, startedAt, profileWindow);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
