/**
 * The app under test, in its own process: serves one database (argv[2]) with the feed cache on for
 * argv[3] ms (0: off) and prints {port, token, viewer}.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
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
    feedCacheMs: Number(process.argv[3] ?? 5_000),
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const ids = (await database.db.execute(sql`SELECT id FROM users LIMIT 1`)) as unknown as {
  rows: { id: string }[];
};
const token = await createSession(database.db, ids.rows[0].id);
console.log(JSON.stringify({ port, token, viewer: ids.rows[0].id }));
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
