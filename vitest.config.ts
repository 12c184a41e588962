import path from 'node:path';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = {
  '@contract': path.resolve(import.meta.dirname, 'contract'),
  '@web': path.resolve(import.meta.dirname, 'web/src'),
};

const SERVER_TESTS = ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'];
/** Files that replace a module with vi.mock: they need a module registry of their own. */
const MOCKING_TESTS = ['server/modules/gear/gear.test.ts'];
const server = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  // One migrated database for every file to copy (decision 032).
  globalSetup: ['server/test/global-setup.ts'],
};

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores - 1): test files then ran one at a
    // time and half the machine idled while each file imported the server (CI took 25 of its
    // minutes in the unit stages). Two at a time.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          ...server,
          name: 'server',
          include: SERVER_TESTS,
          exclude: [...configDefaults.exclude, ...MOCKING_TESTS],
          // A worker imports the server once for all the files it runs, not once per file: the
          // import took 5 of a file's 7 s (decision 036). Each file still opens its own app and
          // database; files that mock a module run in the isolated project below.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...server, name: 'server-isolated', include: MOCKING_TESTS },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
