/** The app under test for bench:gear, in its own process: serves one database (argv[2]) and prints {port}. */
import { serve } from './lib/server';

await serve(process.argv[2], {
  // As shipped (server/env.ts PUBLIC_CACHE_MS) unless the bench says otherwise.
  publicCacheMs: Number(process.env.PUBLIC_CACHE_MS ?? 5_000),
});
