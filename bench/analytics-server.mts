/**
 * The app under test for bench:analytics, in its own process: serves one database (argv[2]),
 * with the report cache kept for argv[3] ms (default 5000; 0: only shared while counting), signs in
 * its admin 'bench_admin' and prints {port, token}.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { rows } from '../server/db/rows';
import { createSession } from '../server/modules/auth';
import { LocalStorage } from '../server/storage/local';

const database = await openDatabase({ databaseUrl: process.argv[2] });
const app = await buildApp({
  database,
  storage: new LocalStorage('/tmp/bench-objects'),
  config: {
    rateLimits: false,
    adminUsernames: [],
    sessionSecret: 'bench-secret-bench-secret-bench-secret',
    analyticsCacheMs: Number(process.argv[3] ?? 5_000),
  },
});
const [admin] = await rows<{ id: string }>(
  database.db,
  sql`SELECT id FROM users WHERE username = 'bench_admin'`,
);
const token = await createSession(database.db, admin.id);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, token }));
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
