/**
 * The app under test, in its own process: serves one database (argv[2]) with the feed cache on for
 * argv[3] ms (0: off) and prints {port, token, viewer}.
 */
import { sql } from 'drizzle-orm';
import { rows } from '../server/db/rows';
import { createSession } from '../server/modules/auth';
import { serve } from './lib/server';

await serve(process.argv[2], { feedCacheMs: Number(process.argv[3] ?? 5_000) }, async (database) => {
  const [viewer] = await rows<{ id: string }>(database.db, sql`SELECT id FROM users LIMIT 1`);
  return { token: await createSession(database.db, viewer.id), viewer: viewer.id };
});
