/**
 * The app under test for bench:analytics, in its own process: serves one database (argv[2]),
 * with the report cache kept for argv[3] ms (default 5000; 0: only shared while counting), signs in
 * its admin 'bench_admin' and prints {port, token}.
 */
import { sql } from 'drizzle-orm';
import { rows } from '../server/db/rows';
import { createSession } from '../server/modules/auth';
import { serve } from './lib/server';

await serve(process.argv[2], { analyticsCacheMs: Number(process.argv[3] ?? 5_000) }, async (database) => {
  const [admin] = await rows<{ id: string }>(
    database.db,
    sql`SELECT id FROM users WHERE username = 'bench_admin'`,
  );
  return { token: await createSession(database.db, admin.id) };
});
