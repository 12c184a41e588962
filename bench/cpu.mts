/**
 * npm run bench:cpu -- <database> <path>...: the CPU the app's process spends per request
 * (user + system µs, `process.cpuUsage()`), for each path, with every cache off: the app is built
 * in this process (`buildApp`, as `bench/lib/server.ts` does) on the bench database `<database>`
 * (made by another benchmark: bench_events, bench_fields, bench_gear, bench_teams, bench_feed_full,
 * bench_analytics) and asked through `app.inject`, 8 at a time, BENCH_REQUESTS times (1,000) after
 * 50 to warm up. What it prints does not depend on how busy the machine is the way a throughput
 * does: it is how two trees of the code compare on one read (issue 21). `COOKIE=sid=…` asks as a
 * signed-in viewer. Any answer but 200 stops it.
 *
 * Issue 22: `BENCH_ENCODING=br` (or `gzip`) sends that `Accept-Encoding` (none by default), to
 * measure what a browser gets; `BENCH_CACHES=shipped` keeps the caches as `npm start` has them
 * (FEED_CACHE_MS, PUBLIC_CACHE_MS and EVENTS_CACHE_MS from the environment or their defaults)
 * instead of off. The app's pages (/, a profile, ...) need a web build: `WEB_DIST`, else `dist/web`
 * when it is there (`npm run build`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { envSchema } from '../server/env';
import { dbUrl } from './lib/app';
import { benchApp } from './lib/server';

const [name, ...paths] = process.argv.slice(2);
if (!name || paths.length === 0) {
  console.error('usage: npm run bench:cpu -- <database> <path>...');
  process.exit(2);
}
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const caches =
  process.env.BENCH_CACHES === 'shipped'
    ? envSchema.pick({ FEED_CACHE_MS: true, PUBLIC_CACHE_MS: true, EVENTS_CACHE_MS: true }).parse(process.env)
    : { FEED_CACHE_MS: 0, PUBLIC_CACHE_MS: 0, EVENTS_CACHE_MS: 0 };
const webDist = path.resolve(process.env.WEB_DIST ?? path.join('dist', 'web'));
const database = await openDatabase({ databaseUrl: dbUrl(name) });
const app = await benchApp(database, {
  publicCacheMs: caches.PUBLIC_CACHE_MS,
  feedCacheMs: caches.FEED_CACHE_MS,
  eventsCacheMs: caches.EVENTS_CACHE_MS,
  webDist: existsSync(webDist) ? webDist : null,
});
const headers: Record<string, string> = {
  ...(process.env.COOKIE ? { cookie: process.env.COOKIE } : {}),
  ...(process.env.BENCH_ENCODING ? { 'accept-encoding': process.env.BENCH_ENCODING } : {}),
};
const expected = process.env.BENCH_ENCODING?.match(/\b(br|gzip)\b/)?.[1];

for (const url of paths) {
  for (let i = 0; i < 50; i++) {
    const r = await app.inject({ url, headers });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
    if (expected && r.headers['content-encoding'] !== expected)
      throw new Error(`${url}: content-encoding ${r.headers['content-encoding']}, not ${expected}`);
  }
  const c0 = process.cpuUsage();
  let left = REQUESTS;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (left-- > 0) await app.inject({ url, headers });
    }),
  );
  const c = process.cpuUsage(c0);
  console.log(`${url}: ${Math.round((c.user + c.system) / REQUESTS)} µs of CPU per request`);
}
await app.close();
await database.close();
