/**
 * The app under test for bench:events, in its own process: serves one database (argv[2]) with the
 * events page cache on for argv[3] ms (0: off) and prints {port}.
 */
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { LocalStorage } from '../server/storage/local';

const database = await openDatabase({ databaseUrl: process.argv[2] });
const app = await buildApp({
  database,
  storage: new LocalStorage('/tmp/bench-objects'),
  config: {
    rateLimits: false,
    adminUsernames: [],
    sessionSecret: 'bench-secret-bench-secret-bench-secret',
    eventsCacheMs: Number(process.argv[3] ?? 2_000),
    // As shipped (server/env.ts PUBLIC_CACHE_MS) unless the bench says otherwise.
    publicCacheMs: Number(process.env.PUBLIC_CACHE_MS ?? 5_000),
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
