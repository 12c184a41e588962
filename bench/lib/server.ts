import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/context';
import { type Database, openDatabase } from '../../server/db/client';
import { LocalStorage } from '../../server/storage/local';

/**
 * The app under test, in the process of a `bench/*-server.mts`: serves the database at
 * `databaseUrl` with the bench's config (rate limits off, no admins, a fixed session secret, plus
 * `config`), then prints one JSON line, `{"port": ...}` and whatever `info` answers (a session
 * token, a viewer's id), which `startApp` (app.ts) waits for. SIGTERM closes the app and the
 * database.
 */
/** The app as the benchmarks build it: rate limits off, no admins, a fixed session secret, plus `config`. */
export async function benchApp(database: Database, config: Partial<AppConfig>) {
  const app = await buildApp({
    database,
    storage: new LocalStorage('/tmp/bench-objects'),
    config: {
      rateLimits: false,
      adminUsernames: [],
      sessionSecret: 'bench-secret-bench-secret-bench-secret',
      ...config,
    },
  });
  await app.ready();
  return app;
}

export async function serve(
  databaseUrl: string,
  config: Partial<AppConfig>,
  info: (database: Database) => Promise<Record<string, unknown>> = async () => ({}),
): Promise<void> {
  const database = await openDatabase({ databaseUrl });
  const app = await benchApp(database, config);
  const extra = await info(database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, ...extra }));
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
