/** The app under test for bench:gear, in its own process: serves one database (argv[2]) and prints {port}. */
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
