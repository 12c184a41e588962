/**
 * The app under test for bench:events (and bench:teams, bench:fields), in its own process: serves
 * one database (argv[2]) with the events page cache on for argv[3] ms (0: off) and prints {port}.
 */
import { serve } from './lib/server';

await serve(process.argv[2], {
  eventsCacheMs: Number(process.argv[3] ?? 2_000),
  // As shipped (server/env.ts PUBLIC_CACHE_MS) unless the bench says otherwise.
  publicCacheMs: Number(process.env.PUBLIC_CACHE_MS ?? 5_000),
});
