/**
 * The app under test for bench:notifications, in its own process: serves one database (argv[2])
 * as shipped (caches at their defaults) and prints {port}.
 */
import { serve } from './lib/server';

await serve(process.argv[2], {});
