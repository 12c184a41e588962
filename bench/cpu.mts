/**
 * npm run bench:cpu -- <database> <path>...: the CPU the app's process spends per request
 * (user + system µs, `process.cpuUsage()`), for each path, with every cache off: the app is built
 * in this process (`buildApp`, as `bench/lib/server.ts` does) on the bench database `<database>`
 * (made by another benchmark: bench_events, bench_fields, bench_gear, bench_teams, bench_feed_full,
 * bench_analytics) and asked through `app.inject`, 8 at a time, BENCH_REQUESTS times (1,000) after
 * 50 to warm up. What it prints does not depend on how busy the machine is the way a throughput
 * does: it is how two trees of the code compare on one read (issue 21). `COOKIE=sid=…` asks as a
 * signed-in viewer. Any answer but 200 stops it.
 */
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { LocalStorage } from '../server/storage/local';
import { dbUrl } from './lib/app';

const [name, ...paths] = process.argv.slice(2);
if (!name || paths.length === 0) {
  console.error('usage: npm run bench:cpu -- <database> <path>...');
  process.exit(2);
}
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const database = await openDatabase({ databaseUrl: dbUrl(name) });
const app = await buildApp({
  database,
  storage: new LocalStorage('/tmp/bench-objects'),
  config: {
    rateLimits: false,
    adminUsernames: [],
    sessionSecret: 'bench-secret-bench-secret-bench-secret',
    publicCacheMs: 0,
    feedCacheMs: 0,
    eventsCacheMs: 0,
  },
});
await app.ready();
const headers = process.env.COOKIE ? { cookie: process.env.COOKIE } : {};

for (const url of paths) {
  for (let i = 0; i < 50; i++) {
    const r = await app.inject({ url, headers });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
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
