// `npm run bench:web`: builds the web app, starts it on its demo content (a fresh embedded
// database in a temporary DATA_DIR), and runs Lighthouse (the npm package) in Debian's Chromium
// with the mobile preset (simulated slow 4G, 4x CPU slowdown) on /, /auth, a profile page, /events,
// an event's page and a post's page,
// BENCH_RUNS times each (default 3). Prints the median performance score, FCP, LCP, TBT, CLS and
// the JavaScript transferred, against the goals of issue 9, and for each run the LCP element and
// its phases, and the host's benchmark index (Lighthouse's CPU yardstick). Asserts nothing.
//   BENCH_NO_BUILD=1   reuse dist/web      BENCH_PAGES=/,/auth   other pages
//   BENCH_LHR_DIR=dir  also write each run's Lighthouse report (JSON) there
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 5300);
const base = `http://localhost:${PORT}`;
const GOALS = { score: 95, lcp: 2500, tbt: 200, cls: 0.05 };

if (process.env.BENCH_NO_BUILD !== '1') {
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'airsoft-bench-web-'));
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: '1',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
  },
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

async function waitUp() {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the app did not start');
}

/**
 * The LCP element (its node snippet) and the LCP breakdown (TTFB, load delay, load time, render
 * delay). Lighthouse cannot name an element that is no longer in the page (the prerendered markup
 * of /, which React replaces): then only the breakdown.
 */
function lcpSummary(audits) {
  const node = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  const element = node ? `${node.snippet ?? node.selector}`.slice(0, 120) : 'not named';
  const parts = audits['lcp-breakdown-insight']?.details?.items?.[0]?.items ?? [];
  const phases = parts.map((p) => `${p.label} ${Math.round(p.duration)} ms`).join(', ');
  return `LCP element ${element}${phases ? `; observed ${phases}` : ''}`;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  await waitUp();
  const feed = await (await fetch(`${base}/api/posts/feed`)).json();
  const username = feed[0]?.user?.username ?? 'admin';
  const events = await (await fetch(`${base}/api/events`)).json();
  const eventId = (Array.isArray(events) ? events : (events.items ?? []))[0]?.id;
  // Issue 20: the events list, an event's page and a post's page beside the three of issue 9.
  const defaults = [
    '/',
    '/auth',
    `/profile/${username}`,
    '/events',
    eventId ? `/events/${eventId}` : null,
    feed[0]?.id ? `/posts/${feed[0].id}` : null,
  ].filter(Boolean);
  const pages = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : defaults;

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows = [];
  try {
    for (const page of pages) {
      const runs = [];
      // A run whose trace Lighthouse could not read (NO_NAVSTART and the like) measured nothing:
      // it is said, left out of the median, and made again (at most RUNS more times in all).
      for (let i = 0, failed = 0; i < RUNS; i++) {
        const result = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (result.lhr.runtimeError) {
          console.log(`${page} run ${i + 1} failed (${result.lhr.runtimeError.code}): run again`);
          if (++failed > RUNS) throw new Error(`${page}: ${failed} runs failed`);
          i--;
          continue;
        }
        const { audits, categories } = result.lhr;
        const requests = audits['network-requests']?.details?.items ?? [];
        const js = requests
          .filter((r) => r.resourceType === 'Script')
          .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
        console.log(`${page} run ${i + 1}: ${lcpSummary(audits)}`);
        if (process.env.BENCH_LHR_DIR)
          writeFileSync(
            path.join(process.env.BENCH_LHR_DIR, `lhr${page.replace(/\W+/g, '-')}${i + 1}.json`),
            JSON.stringify(result.lhr),
          );
        runs.push({
          score: Math.round((categories.performance.score ?? 0) * 100),
          fcp: audits['first-contentful-paint'].numericValue,
          lcp: audits['largest-contentful-paint'].numericValue,
          tbt: audits['total-blocking-time'].numericValue,
          cls: audits['cumulative-layout-shift'].numericValue,
          js,
          benchmarkIndex: result.lhr.environment?.benchmarkIndex ?? 0,
        });
      }
      const m = (k) => median(runs.map((r) => r[k]));
      rows.push({
        page,
        score: m('score'),
        fcp: m('fcp'),
        lcp: m('lcp'),
        tbt: m('tbt'),
        cls: m('cls'),
        js: m('js'),
        benchmarkIndex: m('benchmarkIndex'),
      });
    }
  } finally {
    await chrome.kill();
  }

  // Lighthouse's benchmark index of this host (a fixed CPU workload, higher is faster): figures of
  // two machines compare only beside it. The slowdown Lighthouse simulates is the same 4x on both.
  const index = median(rows.map((r) => r.benchmarkIndex));
  console.log(
    `\nLighthouse mobile preset, median of ${RUNS} runs each; host benchmark index ${index.toFixed(0)}\n`,
  );
  console.log('page'.padEnd(28), 'score', '  FCP ms', '  LCP ms', '  TBT ms', '   CLS', '  JS KB', ' goals');
  for (const r of rows) {
    const ok =
      r.score >= GOALS.score && r.lcp <= GOALS.lcp && r.tbt <= GOALS.tbt && r.cls <= GOALS.cls
        ? 'met'
        : 'NOT met';
    console.log(
      r.page.padEnd(28),
      String(r.score).padStart(5),
      r.fcp.toFixed(0).padStart(8),
      r.lcp.toFixed(0).padStart(8),
      r.tbt.toFixed(0).padStart(8),
      r.cls.toFixed(3).padStart(6),
      (r.js / 1000).toFixed(1).padStart(7),
      ` ${ok}`,
    );
  }
  console.log(
    `\ngoals: performance >= ${GOALS.score}, LCP <= ${GOALS.lcp} ms, TBT <= ${GOALS.tbt} ms, CLS <= ${GOALS.cls}`,
  );
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(stop);
